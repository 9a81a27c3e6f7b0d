"""Tablero settings. Everything comes from the environment, with embedded
defaults so that nothing must be set to try the site (SQLite, local Redis)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from redis.exceptions import ConnectionError as RedisConnectionError

from accounts.redis_clients import SENTINEL_TIMEOUTS, url_options
from games.core.rulesets import PACKAGES as RULESET_PACKAGES

from .env import env_addresses, env_bool, env_int, env_list, env_str
from .release import digest as release_digest

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY") or ""
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-change-me-in-production-0123456789abcdef"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "csp",
    "template_partials",
    "allauth",
    "allauth.account",
    "accounts",
    "lobby",
    "games",
    *RULESET_PACKAGES,  # one app per ruleset: the registry, games/core/rulesets.py
    "moderation",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "accounts.context_processors.standing",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------
DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_health_checks=True)}
    _POOL = None
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        from config.postgresql.pool import pool_options

        DATABASES["default"]["ENGINE"] = "config.postgresql"  # the health check at most once a second
        # Each process lends its connections from a pool of at most DB_POOL_MAX_SIZE (config/postgresql/pool.py):
        # a thread borrows one for a request or a socket's database call, so a burst of requests cannot hold a
        # connection each. DB_POOL_MAX_SIZE=0 keeps Django's own connections per thread, kept DB_CONN_MAX_AGE
        # seconds and unbounded.
        # The test runner's own process does not pool by default: its tests' threads and event loops end without
        # handing their connections back, which drained a pool of 8 within one run of the suite. The servers and
        # workers it starts (tests.fixtures.servers.server_env) are processes of their own and pool as deployed.
        _POOL = pool_options(env_int("DB_POOL_MAX_SIZE", 0 if "pytest" in sys.modules else 8), env_int("DB_POOL_MIN_SIZE", 1),
                             env_int("DB_POOL_TIMEOUT", 10))
    if _POOL:
        if env_int("DB_CONN_MAX_AGE", 0):
            raise ImproperlyConfigured("DB_CONN_MAX_AGE must be 0 with the connection pool (a borrowed connection "
                                       "goes back at the end of each request); set DB_POOL_MAX_SIZE=0 to keep "
                                       "connections per thread instead")
        # The pool checks a connection before lending it, at most once a second (config/postgresql/base.py).
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = _POOL
    else:
        # Connections are kept (a new PostgreSQL connection costs ~5 ms, several per move) and checked before reuse.
        DATABASES["default"]["CONN_MAX_AGE"] = env_int("DB_CONN_MAX_AGE", 60)
    if env_bool("DB_PGBOUNCER", False):
        # DATABASE_URL is PgBouncer in transaction mode: no state may outlive a transaction on the server
        # (config/postgresql/pool.py, docs/DEPLOY.md "PgBouncer").
        from config.postgresql.pool import behind_pgbouncer

        behind_pgbouncer(DATABASES["default"])
else:
    if env_bool("DB_PGBOUNCER", False):
        raise ImproperlyConfigured("DB_PGBOUNCER=1 needs DATABASE_URL (PgBouncer's address); none is set")
    # Embedded default. WAL lets readers work beside the writer; IMMEDIATE
    # transactions take the write lock up front so concurrent moves queue
    # instead of failing with "database is locked" half-way through.
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env_str("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": {
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
            # A file, not memory, so that test servers in other processes share it.
            "TEST": {"NAME": env_str("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")) + ".test"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Threads for the socket consumers' database calls in each Daphne process (games/live/db_threads.py); 0 = channels'
# one thread. Measured (docs/PERFORMANCE.md): a pool did not help on 2 cores, where one process is CPU-bound
# under the GIL before its database thread is; scale with more Daphne processes instead.
DB_THREADS = env_int("DB_THREADS", 0)

# --- Redis: channel layer, cache, Celery ----------------------------------
REDIS_URL = env_str("REDIS_URL", "redis://127.0.0.1:6379/0")


def _test_worker_redis(url: str, worker: str) -> str:
    """Under pytest-xdist each test process ("gw0", "gw1"...) gets its own Redis database, counting down from
    the one given: their databases repeat game ids, which name channel groups, cache keys and Celery tasks."""
    base, _, db = url.rpartition("/")
    if not worker.startswith("gw") or not worker[2:].isdigit() or not db.isdigit():
        raise ImproperlyConfigured(f"Cannot give test worker {worker!r} a Redis database of {url!r}")
    number = int(db) - int(worker[2:])
    if number < 0:
        raise ImproperlyConfigured(f"Test worker {worker!r} needs Redis database {number} below 0; raise REDIS_URL's")
    return f"{base}/{number}"


if os.environ.get("PYTEST_XDIST_WORKER"):
    REDIS_URL = _test_worker_redis(REDIS_URL, os.environ["PYTEST_XDIST_WORKER"])

# A Redis Sentinel group instead of one server (docs/DEPLOY.md, "Redis Sentinel"): both set, or neither. Every Redis
# user then follows the primary the sentinels name, through a failover: the channel layer, the cache, Celery's
# broker and results, beat and the site's own clients (accounts.redis_clients). REDIS_URL gives only the database
# number and the password; its host and port are not used.
REDIS_SENTINELS = env_addresses("REDIS_SENTINELS")
REDIS_SENTINEL_MASTER = env_str("REDIS_SENTINEL_MASTER", "") or ""
if bool(REDIS_SENTINELS) != bool(REDIS_SENTINEL_MASTER):
    raise ImproperlyConfigured("REDIS_SENTINELS (host:port,host:port) and REDIS_SENTINEL_MASTER (the group's name) "
                               "are set together or not at all")


def _sentinel_urls(scheme: str) -> str:
    """Kombu's and Celery's form of the group: one URL per sentinel, joined by ";", with REDIS_URL's database and
    password (the sentinels themselves take none)."""
    userinfo = REDIS_URL.partition("://")[2].rpartition("@")[0]
    db = url_options(REDIS_URL)["db"]
    return ";".join(f"{scheme}://{userinfo + '@' if userinfo else ''}{host}:{port}/{db}" for host, port in REDIS_SENTINELS)


# The channel layer: Redis pub/sub. A game's move is one PUBLISH that each Daphne process with a socket on the
# game receives once and hands to its sockets (channels-redis's list-based layer took about four round trips per
# group send and a blocking pop per process: docs/PERFORMANCE.md). It drops what is published while Redis
# restarts: every push carries the game's version and revision and a client resyncs on a gap or a reconnect.
# Pub/sub channels are not scoped by Redis database, so the prefix names the database: test processes and
# checkouts on one Redis must not hear each other's games. Moves publish through games.play.broadcast, which speaks
# this layer's channel names.
_LAYER_HOST = {"max_connections": env_int("REDIS_MAX_CONNECTIONS", 1000),
               # A command's reply may take 30 s, not redis-py 8's 5 (a subscription's idle wait has its own,
               # short timeout: an idle socket outlives both, test_an_idle_socket_still_receives_the_next_move).
               "socket_timeout": 30,
               # A pooled connection goes stale when Redis restarts: its next command fails once. Reconnect and
               # retry once instead of failing the send (a socket's connect died of it with 1011). A publish
               # retried after the server had it is heard twice at most: a screen ignores a revision it has.
               "retry_on_error": [RedisConnectionError]}
if REDIS_SENTINELS:  # channels_redis's create_pool takes a group as sentinels and master_name
    _LAYER_HOST |= {"sentinels": REDIS_SENTINELS, "master_name": REDIS_SENTINEL_MASTER,
                    "sentinel_kwargs": SENTINEL_TIMEOUTS, **url_options(REDIS_URL)}
else:
    _LAYER_HOST["address"] = REDIS_URL
CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer", "CONFIG": {
    "hosts": [_LAYER_HOST],
    "prefix": env_str("CHANNELS_PREFIX", "tablero") + REDIS_URL.rpartition("/")[2] + ".",
}}}

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": env_str("CACHE_PREFIX", "tablero"),
    }
}
if REDIS_SENTINELS:  # Django's RedisCache makes its pool with from_url(LOCATION): this one asks the sentinels
    CACHES["default"]["OPTIONS"] = {"pool_class": "accounts.redis_clients.SentinelPool"}

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", _sentinel_urls("sentinel") if REDIS_SENTINELS else REDIS_URL)
# A Redis broker goes through kombu's own transport with one publishing client per channel (config/broker.py), a
# Sentinel group (sentinel://...;sentinel://...) through kombu's Sentinel transport with the same change.
CELERY_BROKER_TRANSPORT = ("config.broker:Transport" if CELERY_BROKER_URL.startswith("redis://") else
                           "config.broker:SentinelTransport" if CELERY_BROKER_URL.startswith("sentinel://") else None)
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", _sentinel_urls("sentinel") if REDIS_SENTINELS else REDIS_URL)
if REDIS_SENTINELS:
    CELERY_BROKER_TRANSPORT_OPTIONS = {"master_name": REDIS_SENTINEL_MASTER, "sentinel_kwargs": SENTINEL_TIMEOUTS}
    CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"master_name": REDIS_SENTINEL_MASTER,
                                               "sentinel_kwargs": SENTINEL_TIMEOUTS}
CELERY_ACCEPT_CONTENT = ["json"]  # never pickle
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "tablero")
# The deadline sweep has a queue of its own, read by a worker of its own (`-Q tablero.sweep`, docs/DEPLOY.md):
# on the main queue it waited behind every due ETA task, minutes under a backlog. A worker started without -Q
# reads both queues (tests, a single worker).
CELERY_SWEEP_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}.sweep"
CELERY_TASK_QUEUES = {name: {"exchange": name, "routing_key": name}
                      for name in (CELERY_TASK_DEFAULT_QUEUE, CELERY_SWEEP_QUEUE)}
CELERY_TASK_ROUTES = {"games.tasks.sweep_deadlines": {"queue": CELERY_SWEEP_QUEUE}}
# Celery's Django fixup closes the database connection before and after every task unless this is set; the
# worker keeps it as Django keeps a request's instead (in its pool, games.tasks._keep_connections): a
# new PostgreSQL connection per deadline cost more than the deadline's own queries.
CELERY_DB_REUSE_MAX = 1_000_000
CELERY_RESULT_EXPIRES = 3600
# One beat schedules at a time, whichever node it runs on (celery-redbeat, config/beat.py, docs/DEPLOY.md "One
# beat"): every node runs a beat; the one holding a lock in Redis schedules and extends the lock on every loop, the
# others try for it every BEAT_MAX_LOOP_SECONDS. A holder that dies (kill -9, its machine gone) leaves the lock to expire after
# BEAT_LOCK_SECONDS, so another beat takes over within BEAT_LOCK_SECONDS + BEAT_MAX_LOOP_SECONDS (30 s by default).
# The schedule (each entry's last run) is kept in the same Redis, so the new holder goes on where the old one left.
# The keys are named after the queue, so two sites sharing one Redis database (CELERY_QUEUE) keep a beat each.
CELERY_BEAT_SCHEDULER = "config.beat:Scheduler"
CELERY_REDBEAT_REDIS_URL = REDIS_URL
CELERY_REDBEAT_REDIS_OPTIONS: dict[str, object] = {}
if REDIS_SENTINELS:  # redbeat's form of a group: a redis-sentinel:// URL and the group in its options
    CELERY_REDBEAT_REDIS_URL = "redis-sentinel://"
    CELERY_REDBEAT_REDIS_OPTIONS = {"sentinels": REDIS_SENTINELS, "service_name": REDIS_SENTINEL_MASTER,
                                    "sentinel_kwargs": SENTINEL_TIMEOUTS, **url_options(REDIS_URL)}
CELERY_REDBEAT_KEY_PREFIX = f"{CELERY_TASK_DEFAULT_QUEUE}.beat:"
CELERY_REDBEAT_LOCK_TIMEOUT = env_int("BEAT_LOCK_SECONDS", 25)
# The holder extends the lock at least this often, so it must stay well below the lock's timeout.
CELERY_BEAT_MAX_LOOP_INTERVAL = env_int("BEAT_MAX_LOOP_SECONDS", 5)
if not 0 < CELERY_BEAT_MAX_LOOP_INTERVAL * 2 <= CELERY_REDBEAT_LOCK_TIMEOUT:
    raise ImproperlyConfigured("BEAT_MAX_LOOP_SECONDS must be at least 1 and at most half of BEAT_LOCK_SECONDS: the "
                               "beat holding the lock extends it once a loop")
CELERY_BEAT_SCHEDULE = {
    # A sweep still queued when the next is due is dropped: the next one does the same work.
    "sweep-deadlines": {"task": "games.tasks.sweep_deadlines", "schedule": float(env_int("SWEEP_SECONDS", 5)),
                        "options": {"expires": float(env_int("SWEEP_SECONDS", 5))}},
    # Correspondence turn e-mails (games/play/notify.py): each run mails whoever waits, at most once a day per game.
    # Runs queued while no worker ran expire: the next one does the same work.
    "mail-turns": {"task": "games.tasks.mail_turns", "schedule": float(env_int("TURN_MAIL_SECONDS", 300)),
                   "options": {"expires": float(env_int("TURN_MAIL_SECONDS", 300))}},
    # Correspondence turn pushes (games/play/notify.py): the same rule, each seat claimed on its own column.
    "push-turns": {"task": "games.tasks.push_turns", "schedule": float(env_int("TURN_PUSH_SECONDS", 60)),
                   "options": {"expires": float(env_int("TURN_PUSH_SECONDS", 60))}},
    # Leagues (lobby/schedule.py): start seasons, open rounds whose time has come, close finished seasons.
    # A tick still queued when the next is due is dropped (``expires``): the next one does the same work.
    "league-schedule": {"task": "lobby.tasks.run_league_schedule",
                        "schedule": float(env_int("LEAGUE_SCHEDULE_SECONDS", 60)),
                        "options": {"expires": float(env_int("LEAGUE_SCHEDULE_SECONDS", 60))}},
    # Tournaments (lobby/tournaments.py): start those due, seat an arena's free players, end arenas on time. A game's
    # end moves its tournament on at once (``lobby.tasks.game_finished``); this is the clock and the safety net.
    "tournaments": {"task": "lobby.tasks.run_tournaments", "schedule": float(env_int("TOURNAMENT_SECONDS", 10)),
                    "options": {"expires": float(env_int("TOURNAMENT_SECONDS", 10))}},
}

# --- Accounts (django-allauth) -------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    # First: refuses any sign-in (the admin's too) while the IP or account has failed too often.
    "accounts.throttle.ThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "lobby:home"
ACCOUNT_LOGOUT_REDIRECT_URL = "lobby:home"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_FORMS = {"login": "accounts.forms.LoginForm"}
# Account e-mails go out in the recipient's language, signed with SITE_NAME (accounts/adapter.py); allauth would
# name the site by the request's host ("[localhost:8000]").
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
SITE_NAME = env_str("SITE_NAME", "Tablero")
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = env_str("ACCOUNT_EMAIL_VERIFICATION", "optional")
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_RATE_LIMITS = {
    # Throttled through the Redis cache, so the limit holds across processes. Failed logins per address only:
    # allauth's "key" is the account alone, which let anyone lock anyone out with five wrong passwords; the
    # address and account together are counted for every form by accounts.throttle.
    "login_failed": env_str("LOGIN_FAILED_LIMIT", "5/5m/ip"),
    "login": env_str("LOGIN_RATE_LIMIT", "30/m/ip"),
    "signup": env_str("SIGNUP_RATE_LIMIT", "20/m/ip"),
    "reset_password": "10/m/ip,5/m/key",
}
# `make test` only: the suite creates hundreds of users, and PBKDF2's million iterations cost half a second of CPU
# each (several minutes over a run). Never set in production: MD5 is not a password hash.
if env_bool("TEST_FAST_PASSWORD_HASHING", False):
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Tablero <noreply@localhost>")
if env_str("EMAIL_FILE_PATH"):  # for the file-based backend (the server-restart test counts its files)
    EMAIL_FILE_PATH = env_str("EMAIL_FILE_PATH")
# Links in e-mails (sent by Celery, with no request to take the host from).
SITE_URL = env_str("SITE_URL", "http://localhost:8000").rstrip("/")
# A turn is mailed only after it has waited this long, so a player at the table is not mailed about the move
# they are about to make (games/play/notify.py).
TURN_MAIL_AFTER_SECONDS = env_int("TURN_MAIL_AFTER_SECONDS", 600)
# --- Web Push (accounts/push.py, docs/DEPLOY.md "Web Push") -----------------------------------------------
# The site's VAPID key pair signs every push; browsers subscribe with its public half (the applicationServerKey),
# so changing the pair orphans every subscription. Both halves are base64url: the public key the 65-byte
# uncompressed point, the private key its 32 raw bytes (`vapid --gen`, then `vapid --applicationServerKey`; or
# scripts/vapid_keys.py). Production refuses to start without them, or with halves that do not match, unless
# WEB_PUSH=0 turns push off; DEBUG uses the fixed pair below, which is public and signs nothing that matters.
WEB_PUSH = env_bool("WEB_PUSH", True)
_DEV_VAPID = ("wRPWRFxDZlhA408jEY8xpS_ymjDR_PHkLd_Tj6tCjYk",
              "BM1UQmJd9qN5buje92f7Tl0lRhOKV0ehVne5tb-lrlz4RhOnCWmPYcMV1GikZ3hYTRx4nIcaZVDqAuuOsMFOSLc")
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY") or ""
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY") or ""
# Who push services may contact about this site's pushes: a mailto: or https: address.
VAPID_SUBJECT = env_str("VAPID_SUBJECT") or ""
if WEB_PUSH:
    if not (VAPID_PRIVATE_KEY or VAPID_PUBLIC_KEY):
        if not DEBUG:
            raise ImproperlyConfigured("VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY must be set when DEBUG is off "
                                       "(docs/DEPLOY.md, \"Web Push\"), or WEB_PUSH=0 to turn push off")
        VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY = _DEV_VAPID
    from accounts.vapid import check_key_pair

    check_key_pair(VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY)  # raises ImproperlyConfigured, naming what is wrong
    if not VAPID_SUBJECT:
        if not DEBUG:
            raise ImproperlyConfigured("VAPID_SUBJECT must be set when DEBUG is off: a mailto: or https: address "
                                       "push services may write to about this site")
        VAPID_SUBJECT = "mailto:webmaster@localhost"
    if not VAPID_SUBJECT.startswith(("mailto:", "https:")):
        raise ImproperlyConfigured(f"VAPID_SUBJECT must be a mailto: or https: address, not {VAPID_SUBJECT!r}")
# The push services the browsers use (Chrome's, Firefox's, Safari's, Edge's): a subscription elsewhere is refused,
# so the site never posts to an address a user chose. Empty: any https address.
PUSH_SERVICE_HOSTS = env_list("PUSH_SERVICE_HOSTS", ["fcm.googleapis.com", "android.googleapis.com",
                                                     "push.services.mozilla.com", "push.apple.com",
                                                     "notify.windows.com"])
# A correspondence turn is pushed after it has waited this long (as the e-mail, games/play/notify.py); the beat
# looks for such turns every TURN_PUSH_SECONDS.
TURN_PUSH_AFTER_SECONDS = env_int("TURN_PUSH_AFTER_SECONDS", TURN_MAIL_AFTER_SECONDS)
# Seconds a push waits at the push service for a device that is off before it is dropped.
PUSH_TTL_SECONDS = env_int("PUSH_TTL_SECONDS", 24 * 3600)

# A signed-in socket's move checks, at most this often, that its user and token may still use it: the backstop
# for a ban's or a revocation's close message lost with the channel layer (games/live/ws_auth.py).
SOCKET_ACCOUNT_RECHECK_SECONDS = env_int("SOCKET_ACCOUNT_RECHECK_SECONDS", 30)

# --- Language -------------------------------------------------------------
LANGUAGE_CODE = "es"
LANGUAGES = [("es", _("Spanish")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "America/Argentina/Buenos_Aires")
USE_I18N = True
USE_TZ = True

# --- Static files ---------------------------------------------------------
# The release the pages run: a table page open through a deploy reloads itself when its table comes from
# another release (config/release.py). A deploy may name it (RELEASE=<commit>); else a digest of the static
# files and templates, the same on every node of one release.
RELEASE = env_str("RELEASE", "") or release_digest(BASE_DIR)
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# In development Daphne serves static files through WhiteNoise straight from
# the source folders; production runs collectstatic.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
# Seconds a browser may keep a static file without asking again. WhiteNoise's own default (0 with DEBUG, 60
# without) unless set; the manifest's hashed files are kept for ten years whatever this says.
WHITENOISE_MAX_AGE = env_int("STATIC_MAX_AGE", 0 if DEBUG else 60)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# --- Security (production) -----------------------------------------------
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True  # pages send the token from the form or the csrf-token meta tag, never the cookie
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
USE_X_FORWARDED_FOR = env_bool("USE_X_FORWARDED_FOR", False)  # only behind a proxy that sets it
# allauth's limits take the same address as accounts.ratelimit.client_ip (the last X-Forwarded-For entry, set by our
# one proxy): counted by the proxy's address, one person's failed logins locked everyone out.
ALLAUTH_TRUSTED_PROXY_COUNT = 1 if USE_X_FORWARDED_FOR else 0

# Content-Security-Policy (django-csp): no inline or eval'd script anywhere; every script is a static file
# (event handlers are delegated from static/js/*.js). Styles keep 'unsafe-inline': style="" attributes are
# used widely in the templates and the generated boards, and inline styles cannot run code.
from csp.constants import NONE, SELF, UNSAFE_INLINE  # noqa: E402

# A game's sockets on one web process (`make run`: scripts/run.py sets it): each process of those sharing the
# site's port with SO_REUSEPORT also listens on a port of its own, listed here in order, and a table's page opens
# its socket on ``GAME_SOCKET_PORTS[game id % count]`` (games.web.views.socket_port), so that every socket of a
# game lands in one process, which renders each revision once for all of them. Empty (the default): the page's
# own host and port, where a proxy in front places the sockets (docs/DEPLOY.md, nginx's ``hash $uri``).
GAME_SOCKET_PORTS = [int(p) for p in env_list("GAME_SOCKET_PORTS", [])]

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        # 'self' covers ws:// and wss:// to the same host (CSP level 3); `make run` adds each process's game port.
        "connect-src": [SELF, *(f"{scheme}://*:{port}" for port in GAME_SOCKET_PORTS for scheme in ("ws", "wss"))],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# --- Limits on what clients send (docs/SECURITY.md) ------------------------
# Form and JSON bodies (file uploads are not counted); the API refuses bodies over 16 kB itself.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 256 * 1024)
DATA_UPLOAD_MAX_NUMBER_FIELDS = 500
# "<count>/<seconds>s" per fixed window, counted in the Redis cache (accounts/ratelimit.py).
RATE_LIMITS = {
    "api_user": env_str("API_RATE_LIMIT", "120/60s"),
    "api_anon": env_str("API_ANON_RATE_LIMIT", "60/60s"),
    # A player's reads and moves of their own game in play, per game: its window is shorter than a blitz move.
    "api_play": env_str("API_PLAY_RATE_LIMIT", "100/10s"),
    "socket_connection": env_str("SOCKET_RATE_LIMIT", "30/10s"),
    "socket_user": env_str("SOCKET_USER_RATE_LIMIT", "60/10s"),
    "table_create": env_str("TABLE_CREATE_RATE_LIMIT", "10/60s"),
    "login_ip": env_str("LOGIN_IP_RATE_LIMIT", "50/300s"),
    "login_user": env_str("LOGIN_USER_RATE_LIMIT", "10/300s"),
    "chat": env_str("CHAT_RATE_LIMIT", "5/10s"),  # table chat lines per user (games/chat/lines.py)
}
MAX_OPEN_TABLES = env_int("MAX_OPEN_TABLES", 5)  # lobby tables one user may keep open at once
# Anonymous websockets one client address may keep open at once, over every process (games/live/socket_cap.py).
MAX_ANONYMOUS_SOCKETS = env_int("MAX_ANONYMOUS_SOCKETS", 30)
# How often a Daphne process's threads (its event loop and its database thread) may take the interpreter from
# each other, in ms (Python's default is 5): at 1 ms a push rendered on the loop holds up a move waiting on the
# database thread a fifth as long (docs/PERFORMANCE.md: K=100 HTML p50 108 -> 57 ms, JSON no worse).
ASGI_SWITCH_INTERVAL_MS = env_int("ASGI_SWITCH_INTERVAL_MS", 1)
# Young collections between two full ones of the cyclic garbage collector in a Daphne process (Python's
# default is 10). A full pass stopped a process for 100-340 ms under the browsers' stream at 100 tables; at 100
# there was none in 150 s, with the same memory growth (docs/PERFORMANCE.md).
ASGI_GC_FULL_AFTER = env_int("ASGI_GC_FULL_AFTER", 100)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
