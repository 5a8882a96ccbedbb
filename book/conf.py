"""Sphinx configuration of the book site: ``make book`` (tools/build_book.py) builds it.

The pages are the lessons and the exercise notebooks with their stored outputs, rendered by
myst-nb without running any cell. Everything a page loads is served by the site itself: the
theme's own files and MathJax, copied from ``book/node_modules`` (npm) into ``_static/mathjax``.
"""

from __future__ import annotations

from pathlib import Path

#: Where tools/build_book.py gathers the pages and MathJax before Sphinx reads them.
STAGE = Path(__file__).resolve().parent.parent / "_build" / "book-src"

project = "Solitaire notebooks"
author = "The Solitaire notebooks authors"
copyright = "the Solitaire notebooks authors, MIT licence"

# githubpages writes .nojekyll: GitHub Pages would otherwise hide the folders named _static.
extensions = ["myst_nb", "sphinx.ext.githubpages"]
root_doc = "index"
exclude_patterns = ["_static"]

# --- The notebooks: stored outputs only, never executed -------------------------------------
nb_execution_mode = "off"
# A game's widget cannot run without a kernel: its output shows the static picture of its
# table (text/html) stored beside the widget view. No widget manager is loaded from anywhere.
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
nb_merge_streams = True
myst_enable_extensions = ["dollarmath"]
myst_heading_anchors = 3

# --- Mathematics: MathJax from the site itself ---------------------------------------------
mathjax_path = "mathjax/tex-chtml.js"

# --- The look: sphinx-book-theme, with nothing fetched from another host ---------------------
html_theme = "sphinx_book_theme"
html_title = "Solitaire notebooks"
html_static_path = [str(STAGE / "_static")]
#: Templates that replace the theme's (each says why).
templates_path = ["_templates"]
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False
#: A first visit follows the reader's system colours; without it the theme starts with no mode
#: and logs an error in the browser's console on every page.
html_context = {"default_mode": "auto"}
html_theme_options = {
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
    "navbar_persistent": [],
}
