from django.urls import path

from . import views, views_moderation

app_name = "accounts"
urlpatterns = [
    path("u/<str:username>/", views.profile, name="profile"),
    path("u/<str:username>/history.json", views.history_json, name="history_json"),
    path("settings/", views.user_settings, name="settings"),
    path("language/", views.set_language, name="set_language"),
    path("settings/tokens/", views.create_token, name="create_token"),
    path("settings/tokens/<int:token_id>/revoke/", views.revoke_token, name="revoke_token"),
    path("standing/", views_moderation.standing, name="standing"),
    path("standing/<int:restriction_id>/read/", views_moderation.acknowledge, name="acknowledge"),
    path("report/", views_moderation.report, name="report"),
    path("moderation/", views_moderation.dashboard, name="moderation"),
    path("moderation/users/<str:username>/", views_moderation.user_page, name="moderation_user"),
    path("moderation/users/<str:username>/act/", views_moderation.user_action, name="moderation_user_action"),
    path("moderation/reports/<int:report_id>/resolve/", views_moderation.resolve_report, name="resolve_report"),
]
