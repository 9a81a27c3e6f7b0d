"""Records that are written once and never changed: the move log, the table audit (``games.models``) and the
moderation log (``accounts.models``). The model and its queryset refuse updates and deletes, for every caller,
the Django admin and a superuser included; on PostgreSQL triggers refuse them too (docs/SECURITY.md)."""

from __future__ import annotations

from django.db import models


class AppendOnlyQuerySet(models.QuerySet):
    """``update()`` and ``delete()`` raise ``PermissionError``. (Deleting a whole game still takes its moves and
    audit with it: Django's cascade deletes them with a query of its own, not through this queryset.)"""

    def update(self, **kwargs):
        raise PermissionError(refusal(self.model))

    def delete(self):
        raise PermissionError(refusal(self.model))


class AppendOnly(models.Model):
    """A model whose saved rows cannot be saved again or deleted."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise PermissionError(refusal(type(self)))
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PermissionError(refusal(type(self)))


def refusal(model) -> str:
    return f"{model.__name__} rows are append-only: they are never changed or deleted."
