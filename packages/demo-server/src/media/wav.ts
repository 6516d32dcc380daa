/** A short mono 16-bit PCM WAV of a sine tone, generated in code. */
export function demoWav(options: { frequencyHz?: number; durationMs?: number; sampleRate?: number } = {}): Buffer {
  const frequency = options.frequencyHz ?? 440;
  const sampleRate = options.sampleRate ?? 8000;
  const samples = Math.round((sampleRate * (options.durationMs ?? 250)) / 1000);
  const dataBytes = samples * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples; i++) {
    const value = Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.4 * 0x7fff;
    wav.writeInt16LE(Math.round(value), 44 + i * 2);
  }
  return wav;
}
