// Caps a core module's linear memory by giving it a declared maximum.
//
// Why: V8 has no per-instance memory limit (wasmtime's store limiter has no equivalent here, and
// a worker's `resourceLimits` bound its JS heap, not wasm memory, which lives outside it). A
// memory the module defines itself can only be bounded by its own type: with a maximum,
// `memory.grow` past it returns -1, the guest's allocator fails and the call traps, exactly as
// under the other hosts' limit. Hand-written because the change is one field of one section; a
// wasm rewriting library (binaryen, ~90 MB) would re-encode the whole module to do it.

const PAGE = 65536;
const MEMORY_SECTION = 5;

function readU32(bytes, pos) {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (pos >= bytes.length || shift > 28) throw new Error("malformed wasm: bad LEB128");
    const b = bytes[pos++];
    value += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return [value, pos];
    shift += 7;
  }
}

function u32(value) {
  const out = [];
  do {
    let b = value & 0x7f;
    value = Math.floor(value / 128);
    if (value !== 0) b |= 0x80;
    out.push(b);
  } while (value !== 0);
  return out;
}

/**
 * `bytes` (a core module) with every memory it defines capped at `limitBytes`: unchanged when it
 * defines none, an error when a memory cannot be capped (64-bit, shared, or a minimum above it).
 */
export function withMemoryMaximum(bytes, limitBytes) {
  const maxPages = Math.floor(limitBytes / PAGE);
  let pos = 8;
  while (pos < bytes.length) {
    const start = pos;
    const id = bytes[pos++];
    let size;
    [size, pos] = readU32(bytes, pos);
    const end = pos + size;
    if (id !== MEMORY_SECTION) {
      pos = end;
      continue;
    }
    let count;
    [count, pos] = readU32(bytes, pos);
    const body = u32(count);
    for (let i = 0; i < count; i++) {
      const flags = bytes[pos++];
      if (flags !== 0 && flags !== 1) throw new Error(`cannot cap a memory with limits flags ${flags}`);
      let min;
      let max = Infinity;
      [min, pos] = readU32(bytes, pos);
      if (flags === 1) [max, pos] = readU32(bytes, pos);
      if (min > maxPages) throw new Error(`the module's memory starts above the limit (${min} pages)`);
      body.push(1, ...u32(min), ...u32(Math.min(max, maxPages)));
    }
    if (pos !== end) throw new Error("malformed wasm: memory section size");
    const section = [MEMORY_SECTION, ...u32(body.length), ...body];
    const out = new Uint8Array(start + section.length + (bytes.length - end));
    out.set(bytes.subarray(0, start), 0);
    out.set(section, start);
    out.set(bytes.subarray(end), start + section.length);
    return out;
  }
  return bytes;
}
