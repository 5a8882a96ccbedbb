"""Everything that judges student code: the shared layer's third concern, beside the card table
(:mod:`solitaire_lib.table`) and the simulations (:mod:`solitaire_lib.sim`).

* :mod:`~solitaire_lib.grading.checks`: the :class:`~solitaire_lib.grading.checks.Task` and
  :class:`~solitaire_lib.grading.checks.Checker` that an exercise notebook calls (``check(f)``);
* :mod:`~solitaire_lib.grading.isolation`: a student's function run contained, in a process of
  its own, its results back as plain data;
* :mod:`~solitaire_lib.grading.sandbox`: bubblewrap (``bwrap``) around a whole notebook: its own
  PID namespace, no network, nothing visible but its own files;
* :mod:`~solitaire_lib.grading.plain`: results as plain data, compared with exact types;
* :mod:`~solitaire_lib.grading.judge`: the judgement, in a process that never ran student code;
* :mod:`~solitaire_lib.grading.grade`: ``solitaire grade``, a class graded from outside the
  students' sandboxes; its rooms: :mod:`~solitaire_lib.grading.plans` (reading the submissions),
  :mod:`~solitaire_lib.grading.running` (running the sandboxes),
  :mod:`~solitaire_lib.grading.verdicts` (judging the answers) and
  :mod:`~solitaire_lib.grading.results` (writing the grades and feedback);
* the LMS round trip: :mod:`~solitaire_lib.grading.roster` (Canvas's, Moodle's and plain class
  lists, and who sent what), :mod:`~solitaire_lib.grading.lms` (the points back in the
  platform's own file), :mod:`~solitaire_lib.grading.copies` (which copy is graded),
  :mod:`~solitaire_lib.grading.flags` (copies and the library's answers, for the lecturer),
  :mod:`~solitaire_lib.grading.shards` and :mod:`~solitaire_lib.grading.classbook` (every file
  written from the grades, and merged from a class's shards).
"""
