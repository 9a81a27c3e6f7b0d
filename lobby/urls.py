from django.urls import path

from . import views

app_name = "lobby"
urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:game>/", views.rules, name="rules"),
    path("leagues/", views.leagues, name="leagues"),
]
