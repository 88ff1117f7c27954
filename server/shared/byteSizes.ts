/**
 * Byte units and how the UI writes a size for people. One system everywhere:
 * binary, with its own labels (1 MiB = 1,048,576 bytes), because slot limits,
 * part sizes and the body limit are all powers of two. 150,000,000 bytes is
 * "143 MiB", never "143 MB" (which would mean 143,000,000).
 */
export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;

const UNITS = [
  { size: GiB, label: 'GiB' },
  { size: MiB, label: 'MiB' },
  { size: KiB, label: 'KiB' },
] as const;

/**
 * `512 B`, `12 KiB`, `2.5 MiB`, `143 MiB`, `1.9 GiB`: one decimal below 10 of
 * a unit, none above. The one formatter for sizes and rates (`formatBytes(n) + '/s'`).
 */
export function formatBytes(bytes: number): string {
  const value = Math.max(0, bytes);
  const unit = UNITS.find((candidate) => value >= candidate.size);
  if (!unit) return `${Math.round(value)} B`;
  const scaled = value / unit.size;
  // Rounding 9.96 to one decimal gives "10.0": print it as 10, like the sizes above ten.
  const text = scaled < 9.95 ? scaled.toFixed(1).replace(/\.0$/, '') : String(Math.round(scaled));
  // 1023.9 KiB rounds to 1024: write the next unit instead.
  if (text === '1024' && unit.label !== 'GiB') return formatBytes(unit.size * 1024);
  return `${text} ${unit.label}`;
}
