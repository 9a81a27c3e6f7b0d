from django.urls import path

from . import views, views_games

app_name = "moderation"
urlpatterns = [
    path("standing/", views.standing, name="standing"),
    path("standing/<int:restriction_id>/read/", views.acknowledge, name="acknowledge"),
    path("report/", views.report, name="report"),
    path("moderation/", views.dashboard, name="dashboard"),
    path("moderation/users/<str:username>/", views.user_page, name="user"),
    path("moderation/users/<str:username>/act/", views.user_action, name="user_action"),
    path("moderation/reports/<int:report_id>/resolve/", views.resolve_report, name="resolve_report"),
    path("games/<int:game_id>/moderate/", views_games.moderate, name="game"),
    path("games/<int:game_id>/moderate/<slug:kind>/", views_games.moderate_action, name="game_action"),
]
