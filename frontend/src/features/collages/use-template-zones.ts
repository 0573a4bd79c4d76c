// The slots of a template page (spec 2 §4 "Collage editor": analysed first, then each slot empty or
// filled), with the fallbacks of spec 2 §8: template 1 showing no slots gets its three designed ones;
// a mask that cannot be analysed gives three 200 x 200 zones.
import { useEffect, useState } from 'react';
import type { CollageTemplate } from '@printshop/shared-events/rules/collages';
import type { CanvasKit } from './imaging/canvas-kit';
import { readPixels } from './imaging/collage-imaging';
import { layoutOf } from './templates/layouts';
import { NO_SHAPES, slotShapes, type SlotShape } from './zones/slot-shapes';
import {
  defaultMaskZones,
  detectColourZones,
  detectMaskZones,
  predefinedTemplateZones,
  type DetectedZone,
} from './zones/detect-zones';

export interface TemplateZones {
  zones: DetectedZone[];
  /** Size of the picture the zones were measured on. */
  width: number;
  height: number;
  /** True when a fallback stands in for what the picture should have shown. */
  fallback: boolean;
  /** A mask build's slots as the mask draws them (none for template builds and fallbacks). */
  shapes: ReadonlyMap<number, SlotShape>;
}

export async function analyseTemplate(kit: CanvasKit, template: CollageTemplate): Promise<TemplateZones> {
  const designed = layoutOf(template.number);
  const sized = { width: designed.width, height: designed.height };
  if (template.builder === 'template' || !template.maskPath) {
    try {
      const pixels = await readPixels(kit, template.templatePath);
      const zones = detectColourZones(pixels);
      const size = { width: pixels.width, height: pixels.height, shapes: NO_SHAPES };
      if (zones.length > 0) return { zones, ...size, fallback: false };
      return { zones: predefinedTemplateZones(), ...size, fallback: true };
    } catch {
      return { zones: predefinedTemplateZones(), ...sized, fallback: true, shapes: NO_SHAPES };
    }
  }
  try {
    const pixels = await readPixels(kit, template.maskPath);
    const zones = detectMaskZones(pixels);
    if (zones.length === 0) throw new Error('The mask shows no slots');
    const shapes = slotShapes(pixels, zones);
    return { zones, width: pixels.width, height: pixels.height, fallback: false, shapes };
  } catch {
    return { zones: defaultMaskZones(), ...sized, fallback: true, shapes: NO_SHAPES };
  }
}

export function useTemplateZones(kit: CanvasKit, template: CollageTemplate): TemplateZones | null {
  const [result, setResult] = useState<{ for: CollageTemplate; zones: TemplateZones } | null>(null);
  useEffect(() => {
    let live = true;
    void analyseTemplate(kit, template).then((zones) => {
      if (live) setResult({ for: template, zones });
    });
    return () => {
      live = false;
    };
  }, [kit, template]);
  return result?.for === template ? result.zones : null;
}
