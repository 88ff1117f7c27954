/**
 * The line under a large file's progress bar. Uploading: bytes sent, speed
 * and time left. Paused: what is stored, and, when the pause cut parts short,
 * how much of what was sent goes again: a part is stored whole or not at all,
 * so a pause before any part is stored shows 0% where the bar was further on.
 */
import { formatBytes, secondsLeft, type UploadItem } from '@/server/client';
import { formatDuration } from '../format';

type TransferItem = Pick<UploadItem, 'stage' | 'loaded' | 'total' | 'bytesPerSecond' | 'cutShort'>;

/**
 * `45 MiB of 150 MiB · 8.2 MiB/s · 13 seconds left` (speed and time once measured), or paused
 * `10 MiB of 150 MiB saved · 12 MiB of unfinished parts will be sent again`.
 */
export function transferLine(item: TransferItem): string {
  const amount = `${formatBytes(item.loaded)} of ${formatBytes(item.total)}`;
  if (item.stage === 'paused') {
    const parts = [`${amount} saved`];
    if (item.cutShort) parts.push(`${formatBytes(item.cutShort)} of unfinished parts will be sent again`);
    return parts.join(' · ');
  }
  const parts = [amount];
  if (item.stage === 'uploading' && item.bytesPerSecond !== undefined) {
    parts.push(`${formatBytes(item.bytesPerSecond)}/s`);
    const left = secondsLeft(item.loaded, item.total, item.bytesPerSecond);
    if (left !== undefined) parts.push(`${formatDuration(left)} left`);
  }
  return parts.join(' · ');
}
