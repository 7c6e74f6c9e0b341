"""Imported by Spark's Python workers in the Spark tests (their PYTHONPATH names this folder):
records, per worker process, the guards it builds and the cells it inspects, in a side file
``<EG_SPARK_PROBE>/<pid>.json``, so the test can see where the work ran."""

import json
import os

_dir = os.environ.get("EG_SPARK_PROBE")
if _dir:
    from egress_guard import guard as _guard

    _seen = {"guards": 0, "cells": 0, "caches": []}

    def _save() -> None:
        with open(os.path.join(_dir, f"{os.getpid()}.json"), "w", encoding="utf-8") as f:
            json.dump(_seen, f)

    _init = _guard.Guard.__init__
    _inspect = _guard.Guard.inspect

    def _counted_init(self, *args, **kwargs):
        _init(self, *args, **kwargs)
        _seen["guards"] += 1
        _seen["caches"].append(str(self.runtime.cache_file) if self.runtime else None)
        _save()

    def _counted_inspect(self, *args, **kwargs):
        _seen["cells"] += 1
        _save()
        return _inspect(self, *args, **kwargs)

    _guard.Guard.__init__ = _counted_init
    _guard.Guard.inspect = _counted_inspect
