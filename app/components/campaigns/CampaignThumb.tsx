// demo:file (npm run demo:remove deletes this file)
/**
 * A campaign's logo in the list: the 128 px WebP `thumb` variant the image
 * job made (docs/jobs.md), else the original scaled down by the browser
 * (before the job ran, or when it could not decode the file), else nothing.
 * The index loads the logos with the page (CampaignController `index.include`).
 */
import { isolateText } from '@/server/client';
import styles from './CampaignTable.module.css';

interface ThumbSource {
  src: string;
  /** Pixel size of the file at `src` when known: reserves the box before it loads. */
  width?: number;
  height?: number;
}

const size = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);

/** What to draw for a row's `logo` JSON (loosely typed by the client), or null when there is none. */
function thumbSource(logo: unknown): ThumbSource | null {
  if (typeof logo !== 'object' || logo === null) return null;
  const asset = logo as { url?: unknown; width?: unknown; height?: unknown; variants?: unknown };
  const variants = typeof asset.variants === 'object' && asset.variants !== null ? asset.variants : {};
  const thumb = (variants as Record<string, { url?: unknown; width?: unknown; height?: unknown } | undefined>).thumb;
  if (typeof thumb?.url === 'string') return withSize(thumb.url, thumb.width, thumb.height);
  if (typeof asset.url === 'string') return withSize(asset.url, asset.width, asset.height);
  return null;
}

function withSize(src: string, width: unknown, height: unknown): ThumbSource {
  const w = size(width);
  const h = size(height);
  return w !== undefined && h !== undefined ? { src, width: w, height: h } : { src };
}

export function CampaignThumb({ logo, name }: { logo: unknown; name: string }) {
  const source = thumbSource(logo);
  if (!source) return null;
  return (
    // A plain <img>: the file comes from the bucket (or a CDN), not through Next's image optimiser.
    // biome-ignore lint/performance/noImgElement: see above.
    <img
      src={source.src}
      width={source.width}
      height={source.height}
      alt={`Logo of ${isolateText(name)}`}
      loading="lazy"
      decoding="async"
      className={styles.thumb}
      data-testid="campaign-thumb"
    />
  );
}
