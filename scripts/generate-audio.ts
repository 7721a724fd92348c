/**
 * npm run audio:generate — synthesizes the sample tracks of the Music page into db/seed/audio/ (committed,
 * so a fresh start has playable music without generating or downloading anything). Each track is a short
 * hip-hop loop built from its recipe in db/seed/music.ts: a pitched-down sine kick, a noise-and-tone snare,
 * hi-hats, a bass line and soft electric-piano chords, at its own tempo and key, with a seeded random
 * generator so running it again writes the same sound. Mono, 22.05 kHz, 32 kbps MP3 (lamejs).
 */
import fs from "node:fs";
import path from "node:path";
import { Mp3Encoder } from "@breezystack/lamejs";
import { seedPlaylists, type BeatRecipe } from "../db/seed/music.ts";

export const SAMPLE_RATE = 22_050;
const KBPS = 32;
const OUT_DIR = path.resolve("db/seed/audio");

/** A small, seeded random generator (mulberry32): the same recipe makes the same track. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);
const SCALES = { minor: [0, 2, 3, 5, 7, 8, 10], dorian: [0, 2, 3, 5, 7, 9, 10] } as const;

/** Adds `voice(t)` for `length` seconds from `start` seconds into `out`. */
function add(out: Float32Array, start: number, length: number, voice: (t: number) => number) {
  const from = Math.max(0, Math.round(start * SAMPLE_RATE));
  const to = Math.min(out.length, from + Math.round(length * SAMPLE_RATE));
  for (let i = from; i < to; i++) out[i]! += voice((i - from) / SAMPLE_RATE);
}

/** The track's samples, -1..1. */
export function synthesize(recipe: BeatRecipe): Float32Array {
  const rand = random(recipe.seed);
  const beat = 60 / recipe.bpm;
  const sixteenth = beat / 4;
  const seconds = recipe.bars * 4 * beat + 1.5; // a tail for the last notes to ring out
  const out = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  const scale = SCALES[recipe.scale];
  const degree = (d: number, octave = 0) => recipe.root + 12 * (octave + Math.floor(d / scale.length)) + scale[((d % scale.length) + scale.length) % scale.length]!;
  /** When the n-th 16th of the bar lands, with the off-beats swung late. */
  const at = (bar: number, step: number) => bar * 4 * beat + step * sixteenth + (step % 2 === 1 ? recipe.swing * sixteenth : 0);

  // A four-bar progression of scale degrees, chosen once per track.
  const progressions = [
    [0, 5, 3, 4],
    [0, 3, 5, 4],
    [0, 6, 5, 3],
    [0, 2, 3, 6],
  ];
  const progression = progressions[Math.floor(rand() * progressions.length)]!;
  // A kick pattern (16 steps) and a bass rhythm, also chosen once.
  const kickPatterns = [
    [0, 7, 10],
    [0, 3, 8, 10],
    [0, 6, 9],
    [0, 10, 11],
  ];
  const kicks = kickPatterns[Math.floor(rand() * kickPatterns.length)]!;
  const bassSteps = [0, 3, 6, 8, 10, 14].filter(() => rand() > 0.25);
  if (!bassSteps.includes(0)) bassSteps.unshift(0);

  const kick = (t: number) => {
    const f = 45 + 75 * Math.exp(-t * 30);
    return 0.9 * Math.sin(2 * Math.PI * f * t - (75 / 30) * 2 * Math.PI * (1 - Math.exp(-t * 30))) * Math.exp(-t * 7);
  };
  let noiseState = 0;
  const snare = (t: number) => {
    const noise = rand() * 2 - 1;
    noiseState = 0.6 * noiseState + 0.4 * noise; // a little body in the noise
    return (0.45 * (noise - noiseState * 0.5) * Math.exp(-t * 18) + 0.3 * Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t * 25)) * 0.9;
  };
  let previous = 0;
  const hat = (open: boolean) => (t: number) => {
    const noise = rand() * 2 - 1;
    const high = noise - previous; // first difference: a crude high-pass
    previous = noise;
    return 0.16 * high * Math.exp(-t * (open ? 14 : 60));
  };

  for (let bar = 0; bar < recipe.bars; bar++) {
    const chordDegree = progression[bar % 4]!;
    const intro = bar === 0;
    const outro = bar === recipe.bars - 1;
    // Drums: the first bar is keys and hats only, the drums come in after it.
    if (!intro) {
      for (const step of kicks) add(out, at(bar, step), 0.5, kick);
      for (const step of [4, 12]) add(out, at(bar, step), 0.35, snare);
      if (rand() > 0.6) add(out, at(bar, 15), 0.2, (t) => 0.5 * snare(t)); // a ghost note
    }
    for (let step = 0; step < 16; step += recipe.hats === 16 ? 1 : 2) {
      const open = step === 14 && rand() > 0.5;
      const accent = step % 4 === 0 ? 1 : 0.6 + rand() * 0.2;
      const h = hat(open);
      add(out, at(bar, step), open ? 0.3 : 0.08, (t) => accent * h(t));
    }
    // Bass: root of the chord, sometimes the fifth, a sine with a little second harmonic.
    if (!intro) {
      for (const step of bassSteps) {
        const note = degree(chordDegree + (step === 10 && rand() > 0.5 ? 4 : 0));
        const f = midiToHz(note);
        const length = sixteenth * (step === 14 ? 2 : 3) * 0.95;
        add(out, at(bar, step), length, (t) => {
          const env = Math.min(1, t * 200) * Math.min(1, (length - t) * 40);
          return 0.42 * env * (Math.sin(2 * Math.PI * f * t) + 0.25 * Math.sin(4 * Math.PI * f * t));
        });
      }
    }
    // Keys: the chord (root, third, fifth, seventh of the scale) two octaves up, struck on 1 and the "and" of 2.
    const chord = [0, 2, 4, 6].map((d) => midiToHz(degree(chordDegree + d, 2)));
    for (const step of outro ? [0] : [0, 6]) {
      const length = outro ? 2.5 : beat * 1.4;
      add(out, at(bar, step), length, (t) => {
        const env = Math.min(1, t * 80) * Math.exp(-t * (outro ? 1.2 : 2.2));
        let s = 0;
        for (const f of chord) s += Math.sin(2 * Math.PI * f * t + 0.4 * Math.sin(2 * Math.PI * f * 2 * t) * Math.exp(-t * 6));
        return 0.07 * env * s;
      });
    }
  }
  // Soft limiter and short fades, so nothing clips or clicks.
  for (let i = 0; i < out.length; i++) out[i] = Math.tanh(out[i]! * 1.1) * 0.9;
  const fade = Math.round(0.02 * SAMPLE_RATE);
  for (let i = 0; i < fade; i++) out[i]! *= i / fade;
  const tail = Math.round(1.2 * SAMPLE_RATE);
  for (let i = 0; i < tail; i++) out[out.length - 1 - i]! *= i / tail;
  return out;
}

/** Encodes mono samples as MP3. */
export function encodeMp3(samples: Float32Array, kbps = KBPS): Uint8Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767)));
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, kbps);
  const parts: Uint8Array[] = [];
  const block = 1152 * 16;
  for (let i = 0; i < pcm.length; i += block) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + block)));
  parts.push(encoder.flush());
  const total = parts.reduce((n, p) => n + p.length, 0);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    bytes.set(new Uint8Array(p.buffer, p.byteOffset, p.byteLength), offset);
    offset += p.length;
  }
  return bytes;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("generate-audio.ts")) {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  let bytes = 0;
  let seconds = 0;
  for (const playlist of seedPlaylists) {
    for (const t of playlist.tracks) {
      const samples = synthesize(t.recipe);
      const mp3 = encodeMp3(samples);
      fs.writeFileSync(path.join(OUT_DIR, t.file), mp3);
      bytes += mp3.length;
      seconds += samples.length / SAMPLE_RATE;
      console.log(`${t.file}: ${(samples.length / SAMPLE_RATE).toFixed(1)} s, ${Math.round(mp3.length / 1024)} KB`);
    }
  }
  console.log(`${Math.round(seconds)} s of audio, ${Math.round(bytes / 1024)} KB in ${path.relative(process.cwd(), OUT_DIR)}`);
}
