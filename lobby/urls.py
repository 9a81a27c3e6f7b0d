from django.urls import path

from . import views, views_leagues, views_play, views_profile, views_tournaments

app_name = "lobby"
urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:game>/", views.rules, name="rules"),
    path("leagues/", views_leagues.league_list, name="leagues"),
    path("leagues/new/", views_leagues.create_private, name="league_create"),
    path("leagues/<slug:slug>/", views_leagues.league, name="league"),
    path("leagues/<slug:slug>/season/<int:number>/", views_leagues.season, name="season"),
    path("leagues/<slug:slug>/register/", views_leagues.register, name="league_register"),
    path("leagues/<slug:slug>/withdraw/", views_leagues.withdraw, name="league_withdraw"),
    path("leagues/<slug:slug>/u/<str:username>/", views_leagues.player, name="league_player"),
    path("tournaments/", views_tournaments.tournament_list, name="tournaments"),
    path("tournaments/new/", views_tournaments.create, name="tournament_create"),
    path("tournaments/<int:pk>/", views_tournaments.tournament, name="tournament"),
    path("tournaments/<int:pk>/live/", views_tournaments.live, name="tournament_live"),
    path("tournaments/<int:pk>/join/", views_tournaments.join, name="tournament_join"),
    path("tournaments/<int:pk>/leave/", views_tournaments.leave, name="tournament_leave"),
    path("tournaments/<int:pk>/bot/", views_tournaments.add_bot, name="tournament_bot"),
    path("tournaments/<int:pk>/cancel/", views_tournaments.cancel, name="tournament_cancel"),
    path("leaderboards/", views_leagues.leaderboard, name="leaderboards"),
    path("leaderboards/<slug:ruleset>/", views_leagues.leaderboard, name="leaderboard"),
    path("my-games/", views.my_games, name="my_games"),
    path("play/", views_play.play, name="play"),
    path("u/<str:username>/", views_profile.profile, name="profile"),
    path("u/<str:username>/history.json", views_profile.history_json, name="history_json"),
    path("games/new/", views_play.create, name="create"),
    path("play/quick/", views_play.quick_play, name="quick_play"),
    path("learn/<slug:ruleset>/", views_play.learn, name="learn"),
]
