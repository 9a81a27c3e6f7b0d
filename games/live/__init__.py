"""The sockets: the table's consumer (``consumers``) and its chat (``chat``), signing in a socket (``ws_auth``),
one push per game per process handed to every socket watching it (``fanout``, ``snapshots``), the sockets'
database threads (``db_threads``), who is online and who watches (``presence``, ``spectators``), and the cap on
anonymous sockets (``socket_cap``). Above chat, tables, presentation and the move path; below the pages."""
