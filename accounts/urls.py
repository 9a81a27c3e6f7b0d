from django.urls import path

from . import views, webapp

app_name = "accounts"
urlpatterns = [
    path("settings/", views.user_settings, name="settings"),
    path("language/", views.set_language, name="set_language"),
    path("settings/tokens/", views.create_token, name="create_token"),
    path("settings/tokens/<int:token_id>/revoke/", views.revoke_token, name="revoke_token"),
    # The installable site and its notifications (accounts/webapp.py): the service worker is served from the root
    # so that its scope is the whole site.
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("offline/", webapp.offline, name="offline"),
    path("push/key", webapp.push_key, name="push_key"),
    path("push/subscribe", webapp.push_subscribe, name="push_subscribe"),
    path("push/unsubscribe", webapp.push_unsubscribe, name="push_unsubscribe"),
]
