from django.urls import path

from games.web import api, views
from games.web import chat as views_chat
from games.web import replay as views_replay
from games.web import story as views_story

app_name = "games"
urlpatterns = [
    path("games/<int:game_id>/", views.table, name="table"),
    path("games/<int:game_id>/table/", views.table_fragment, name="table_fragment"),
    path("games/<int:game_id>/join/", views.join, name="join"),
    path("games/<int:game_id>/leave/", views.leave, name="leave"),
    path("games/<int:game_id>/start/", views.start, name="start"),
    path("games/<int:game_id>/kick/", views.kick, name="kick"),
    path("games/<int:game_id>/cancel/", views.cancel, name="cancel"),
    path("games/<int:game_id>/invite/<slug:code>/", views.invite, name="invite"),
    path("games/<int:game_id>/act/", views.act, name="act"),
    path("games/<int:game_id>/reclaim/", views.reclaim, name="reclaim"),
    path("games/<int:game_id>/rematch/", views.rematch, name="rematch"),
    path("games/<int:game_id>/verify/", views.verify, name="verify"),
    path("games/<int:game_id>/log.json", views.log_export, name="log"),
    path("games/<int:game_id>/replay/", views_replay.replay, name="replay"),
    path("games/<int:game_id>/replay/step/", views_replay.replay_step, name="replay_step"),
    path("games/<int:game_id>/story/<slug:key>.svg", views_story.story_chart, name="story"),
    path("games/<int:game_id>/chat/", views_chat.chat_post, name="chat"),
    path("games/<int:game_id>/chat/panel/", views_chat.chat_panel, name="chat_panel"),
    path("games/<int:game_id>/chat/mute/", views_chat.chat_mute, name="chat_mute"),
    path("api/v1/rulesets", api.rulesets, name="api_rulesets"),
    path("api/v1/tables", api.table_list, name="api_tables"),
    path("api/v1/tables/<int:game_id>/join", api.table_join, name="api_join"),
    path("api/v1/tables/<int:game_id>/start", api.table_start, name="api_start"),
    path("api/v1/games/<int:game_id>", api.game_detail, name="api_game"),
    path("api/v1/games/<int:game_id>/actions", api.game_action, name="api_action"),
    path("api/v1/games/<int:game_id>/log", api.game_log, name="api_log"),
    path("api/v1/games/<int:game_id>/verify", api.game_verify, name="api_verify"),
    path("api/v1/games/<int:game_id>/chat", views_chat.api_chat, name="api_chat"),
]
