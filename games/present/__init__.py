"""What people see of a game: the table's context for templates (``presenters``), money as each language writes
it (``formatting``), the rulesets' shared words (``text_common``), a replay step by step (``replay``) and the
dice verification (``verify``). Above ``play``; below tables, chat, sockets and pages."""
