// @vitest-environment node
// The collage page reserves each sample's box from the template's sampleSize before the picture
// loads; a sample redrawn at another size would make the page jump again (layout shift).
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COLLAGE_TEMPLATES } from '@printshop/shared-events/rules/collages';

const publicDir = path.resolve(import.meta.dirname, '../../../public');

describe('collage samples', () => {
  it.each(COLLAGE_TEMPLATES.map((t) => [t.samplePath, t] as const))(
    'given %s, then its pixels are the size the page reserves',
    async (samplePath, template) => {
      const { width, height } = await sharp(path.join(publicDir, samplePath)).metadata();
      expect({ width, height }).toEqual(template.sampleSize);
    },
  );
});
