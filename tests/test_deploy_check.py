"""`check --deploy` is clean with production settings."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "x7#k2!pQz9$Lw4@rT8^vB1&nM6*cY3(eH5)jU0_sD-fG+aK=oI" * 2,
    "ALLOWED_HOSTS": "tablero.example.com",
    "CSRF_TRUSTED_ORIGINS": "https://tablero.example.com",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/test",
    # A pair made for this test (scripts/vapid_keys.py); a deploy makes its own.
    "VAPID_PRIVATE_KEY": "0NF7Hsa5gpJ1X5ICl1odPZNa8z1x41QBF91pDfnEnLw",
    "VAPID_PUBLIC_KEY": "BDtgCkI_rz0fi7Ox62JLTUIrFZZ5W0s0uNogxFJ3GvkvvTdTc_4o0H4MFmH0cG9z33aeMc1_5j430BVC7MxiN44",
    "VAPID_SUBJECT": "mailto:admin@tablero.example.com",
}


def run_manage(*args: str, env_extra: dict[str, str]) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update(env_extra)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)


def test_check_deploy_reports_no_warning_with_production_settings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env_extra=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = dict(PRODUCTION_ENV, SECRET_KEY="")
    result = run_manage("check", env_extra=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.parametrize("missing,message", [
    ({"VAPID_PRIVATE_KEY": "", "VAPID_PUBLIC_KEY": ""}, "VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY must be set"),
    ({"VAPID_SUBJECT": ""}, "VAPID_SUBJECT must be set"),
    ({"VAPID_SUBJECT": "admin@tablero.example.com"}, "VAPID_SUBJECT must be a mailto: or https: address"),
    ({"VAPID_PUBLIC_KEY": "BM1UQmJd9qN5buje92f7Tl0lRhOKV0ehVne5tb-lrlz4RhOnCWmPYcMV1GikZ3hYTRx4nIcaZVDqAuuOsMFOSLc"},
     "VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY"),
])
def test_production_refuses_to_start_without_its_web_push_keys(missing, message):
    result = run_manage("check", env_extra=dict(PRODUCTION_ENV, **missing))
    assert result.returncode != 0
    assert message in result.stderr


def test_web_push_can_be_turned_off_instead():
    env = dict(PRODUCTION_ENV, WEB_PUSH="0", VAPID_PRIVATE_KEY="", VAPID_PUBLIC_KEY="", VAPID_SUBJECT="")
    assert run_manage("check", env_extra=env).returncode == 0


def test_a_malformed_boolean_fails_loudly():
    result = run_manage("check", env_extra={"DEBUG": "maybe"})
    assert result.returncode != 0
    assert "DEBUG must be a boolean" in result.stderr


def test_static_max_age_is_whitenoises_default_unless_set():
    from config import settings

    if "STATIC_MAX_AGE" not in os.environ:  # this process's settings, as imported: WhiteNoise's default
        assert settings.WHITENOISE_MAX_AGE == (0 if settings.DEBUG else 60)
    show = ["shell", "-v", "0", "-c", "from django.conf import settings; print(settings.WHITENOISE_MAX_AGE)"]
    assert run_manage(*show, env_extra={"DEBUG": "1", "STATIC_MAX_AGE": "3600"}).stdout.strip() == "3600"
