"""What every page needs to know about its viewer's standing: active restrictions (shown in a banner with
the reason) and whether to show the moderation link."""

from django.utils.functional import SimpleLazyObject


def standing(request):
    user = getattr(request, "user", None)
    if not (user and user.is_authenticated):
        return {}
    from .restrictions import active_restrictions, is_moderator

    return {"my_restrictions": SimpleLazyObject(lambda: active_restrictions(user)),
            "is_moderator": SimpleLazyObject(lambda: is_moderator(user))}
