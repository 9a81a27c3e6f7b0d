"""Table chat's rules: who may say what on which channel, and the lines written (``lines``). Its socket half is
``games.live.chat`` and its pages ``games.web.chat``. Above tables, presentation and the move path; below sockets
and pages."""
