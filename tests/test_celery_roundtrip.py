"""A Celery task round-trips through Redis to a real worker process."""

import pytest

from config.celery import ping


@pytest.mark.embedded
@pytest.mark.django_db(transaction=True)
def test_ping_task_round_trips_through_a_real_worker(celery_worker):
    result = ping.delay("hola")
    assert result.get(timeout=20) == "hola"
    assert result.successful()


def test_celery_never_accepts_pickle(settings):
    from config.celery import app

    assert app.conf.accept_content == ["json"]
    assert app.conf.task_serializer == "json"
