from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("settings/", views.user_settings, name="settings"),
    path("language/", views.set_language, name="set_language"),
    path("settings/tokens/", views.create_token, name="create_token"),
    path("settings/tokens/<int:token_id>/revoke/", views.revoke_token, name="revoke_token"),
]
