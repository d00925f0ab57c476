import { Readable } from 'node:stream'
import { combine, hash32 } from '../../../core/hash.js'

/** Bytes per chunk of a download: the stream holds at most a couple of these at a time. */
export const CHUNK_BYTES = 64 * 1024

/**
 * The deterministic content of a simulated file: `size` bytes derived from its id alone, produced a chunk at
 * a time as the consumer reads (highWaterMark of one chunk), so a download of hundreds of MB never holds
 * more than a few chunks in memory and the same file always has the same bytes.
 */
export function fileBytes (fileId: string, size: number): Readable {
  const seed = hash32(`file-bytes:${fileId}`)
  let offset = 0
  let chunk = 0
  return new Readable({
    highWaterMark: CHUNK_BYTES,
    read () {
      if (offset >= size) { this.push(null); return }
      const n = Math.min(CHUNK_BYTES, size - offset)
      this.push(chunkBytes(seed, chunk++, n))
      offset += n
    }
  })
}

/** One chunk: an xorshift stream seeded by the file and the chunk's number. */
function chunkBytes (seed: number, index: number, length: number): Buffer {
  const words = new Uint32Array(Math.ceil(length / 4))
  let x = combine(seed, index) | 1
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5
    words[i] = x >>> 0
  }
  return Buffer.from(words.buffer, 0, length)
}
