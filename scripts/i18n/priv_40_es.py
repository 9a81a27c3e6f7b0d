"""Spanish (vos) for issue 40's Report control and its reasons (accounts/_report_form.html, accounts.moderation)."""

ES = {
    "Insults or harassment": "Insultos o acoso",
    "Cheating or playing together against others": "Trampas o jugar de acuerdo con otro en contra del resto",
    "Stalling or leaving games": "Hacer tiempo o abandonar partidas",
    "Spam or advertising": "Spam o publicidad",
    "Offensive name": "Nombre ofensivo",
    "Something else": "Otra cosa",
    "Choose a reason from the list.": "Elegí un motivo de la lista.",
    "Say in a few words what happened.": "Contá en pocas palabras qué pasó.",
    "You already reported this: a moderator will look at it.": "Ya lo denunciaste: un moderador lo va a revisar.",
    "Report %(name)s": "Denunciar a %(name)s",
    "Report": "Denunciar",
    "The line you report:": "La línea que denunciás:",
    "Anything to add? (optional)": "¿Querés agregar algo? (opcional)",
    "A moderator reads your report with the game's chat as it is now. Nobody is told who reported them.":
        "Un moderador lee tu denuncia junto con el chat de la partida tal como está ahora. A nadie se le dice "
        "quién lo denunció.",
    "A moderator reads your report. Nobody is told who reported them.":
        "Un moderador lee tu denuncia. A nadie se le dice quién lo denunció.",
    "Send report": "Enviar denuncia",
    "Report sent": "Denuncia enviada",
    "Close": "Cerrar",
}
