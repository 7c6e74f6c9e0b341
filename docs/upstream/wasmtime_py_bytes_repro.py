import ctypes
import resource
import time

from wasmtime import _ffi


def via_memmove(data: bytes) -> _ffi.wasm_byte_vec_t:
    """The same vector, filled without a ctypes array type."""
    vec = _ffi.wasm_byte_vec_t()
    _ffi.wasm_byte_vec_new_uninitialized(ctypes.byref(vec), len(data))
    ctypes.memmove(vec.data, data, len(data))
    return vec


def per_call_us(to_capi, lengths):
    t = time.perf_counter()
    for n in lengths:
        vec = to_capi(b"x" * n)
        _ffi.wasm_byte_vec_delete(ctypes.byref(vec))
    return (time.perf_counter() - t) / len(lengths) * 1e6


for name, f in (("bytes_to_capi", _ffi.bytes_to_capi), ("memmove", via_memmove)):
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    same = per_call_us(f, [1000] * 20_000)
    distinct = per_call_us(f, range(1, 20_001))
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss
    print(f"{name:14} one length {same:6.1f} us/call, 20,000 distinct lengths {distinct:6.1f} us/call, max RSS +{grown / 1024:.0f} MiB")
