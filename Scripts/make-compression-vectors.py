#!/usr/bin/env python3
"""Writes the LZFSE/LZVN test vectors of Tests/RecordKitCompressionTests/Vectors with the reference encoder.

Run once (the vectors are committed):  python3 -m venv /tmp/v && /tmp/v/bin/pip install lzfse==0.4.2.post1 &&
/tmp/v/bin/python Scripts/make-compression-vectors.py
The reference encoder picks the block kind by size: raw (bvx-) below 8 bytes, LZVN (bvxn) below 4096, LZFSE v2
(bvx2) above. A bvx1 vector is made here by unpacking a bvx2 block's header (the encoder never writes v1), and a
multi-block stream by concatenating blocks of the three kinds. Each vector is NAME.bvx with NAME.raw beside it,
except `lines-*`, whose decoded text the test rebuilds (see linesText below) to keep the repository small.
"""
import os
import struct
import lzfse

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "RecordKitCompressionTests", "Vectors")


def lines_text(count):
    """The same text as CompressionVectors.linesText(count:) in the tests."""
    return "".join(f"line {i}: {i * i % 9973}\n" for i in range(count)).encode()


def unpack_v2_to_v1(stream):
    """Turns a single-block bvx2 stream into the same block with a bvx1 header (tables stored as 16-bit values)."""
    assert stream[:4] == b"bvx2"
    n_raw, v0, v1, v2 = struct.unpack_from("<IQQQ", stream, 4)
    f = lambda v, lsb, width: (v >> lsb) & ((1 << width) - 1)
    header_size = f(v2, 0, 32)
    freqs, accum, nbits, pos = [], 0, 0, 32
    widths = [2, 3, 2, 5, 2, 3, 2, 8, 2, 3, 2, 5, 2, 3, 2, 14] * 2
    values = [0, 2, 1, 4, 0, 3, 1, -1, 0, 2, 1, 5, 0, 3, 1, -1, 0, 2, 1, 6, 0, 3, 1, -1, 0, 2, 1, 7, 0, 3, 1, -1]
    for _ in range(20 + 20 + 64 + 256):
        while pos < header_size and nbits + 8 <= 32:
            accum |= stream[pos] << nbits
            nbits += 8
            pos += 1
        w = widths[accum & 31]
        value = 8 + ((accum >> 4) & 0xF) if w == 8 else 24 + ((accum >> 4) & 0x3FF) if w == 14 else values[accum & 31]
        freqs.append(value)
        accum >>= w
        nbits -= w
    n_lit_payload, n_lmd_payload = f(v0, 20, 20), f(v1, 40, 20)
    header = struct.pack(
        "<4sIIIIIIiHHHHiHHH", b"bvx1", n_raw, n_lit_payload + n_lmd_payload, f(v0, 0, 20), f(v0, 40, 20),
        n_lit_payload, n_lmd_payload, f(v0, 60, 3) - 7,
        f(v1, 0, 10), f(v1, 10, 10), f(v1, 20, 10), f(v1, 30, 10), f(v1, 60, 3) - 7,
        f(v2, 32, 10), f(v2, 42, 10), f(v2, 52, 10),
    ) + struct.pack("<360H", *freqs)
    header += b"\0" * (772 - len(header))  # C pads the struct to 4 bytes
    return header + stream[header_size:]


def write(name, raw, stream, keep_raw=True):
    with open(os.path.join(OUT, name + ".bvx"), "wb") as out:
        out.write(stream)
    if keep_raw:
        with open(os.path.join(OUT, name + ".raw"), "wb") as out:
            out.write(raw)
    assert lzfse.decompress(stream) == raw, name
    print(f"{name}: {len(raw)} -> {len(stream)} bytes, blocks {stream[:4]!r}")


def main():
    os.makedirs(OUT, exist_ok=True)
    tiny = b"bvx!"
    write("raw-tiny", tiny, lzfse.compress(tiny))
    prose = (b"The quick brown fox jumps over the lazy dog. " * 20) + bytes(range(256))
    write("lzvn-prose", prose, lzfse.compress(prose))
    runs = b"a" * 300 + b"ab" * 200 + b"abc" * 100 + b"0123456789" * 50
    write("lzvn-runs", runs, lzfse.compress(runs))
    text = lines_text(400)
    v2 = lzfse.compress(text)
    write("lzfse-lines400", text, v2, keep_raw=False)
    write("lzfse1-lines400", text, unpack_v2_to_v1(v2[:-4]) + b"bvx$", keep_raw=False)
    big = lines_text(12000)
    write("lzfse-lines12000", big, lzfse.compress(big), keep_raw=False)
    # bvx- + bvxn + bvx2 in one stream: matches may reach back into earlier blocks' output only within a block
    # here, since each block was compressed alone.
    mixed = tiny + prose + text
    stream = lzfse.compress(tiny)[:-4] + lzfse.compress(prose)[:-4] + v2
    write("mixed-blocks", mixed, stream)


main()
