from django.db import connection
from django.http import JsonResponse


def healthz(request):
    """Liveness for a load balancer: the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"ok": True})
