"""The pages and the public API, as plain function views: the table page and its writes (``views``), the replay
(``replay``), chat's posts and panel (``chat``), the JSON API (``api``) and the health check (``health``). The top
room: it may import every other."""
