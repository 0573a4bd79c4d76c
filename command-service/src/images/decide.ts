// The image's decisions. The file work (sniffing, decoding, storing) happens before; what is decided
// here is what the log records about it. Time arrives in the command.
import type { Decider } from '@printshop/shared-events/decider';
import { Conflict, NotFound } from '@printshop/shared-events/errors';
import type { ImageEvent } from '@printshop/shared-events/events/image';
import { evolveImage, type ImageState } from './image';
import { IMAGE_MESSAGES } from './messages';

type UploadedData = Extract<ImageEvent, { type: 'ImageUploaded' }>['data'];

export type ImageCommand =
  | { type: 'RecordUpload'; data: UploadedData }
  | { type: 'DeleteImage'; data: { imageId: string; at: string } }
  | { type: 'ExpireOriginal'; data: { imageId: string; retentionDays: number; at: string } };

function decide(command: ImageCommand, state: ImageState): ImageEvent | ImageEvent[] {
  switch (command.type) {
    case 'RecordUpload':
      // Ids are random uuids: a second upload under the same id is a bug, never a retry to merge.
      if (state) throw new Conflict(IMAGE_MESSAGES.idTaken);
      return { type: 'ImageUploaded', data: command.data };
    case 'DeleteImage':
      if (!state || state.status === 'deleted') throw new NotFound(IMAGE_MESSAGES.notFound);
      return { type: 'ImageDeleted', data: command.data };
    case 'ExpireOriginal':
      // Already gone or expired: nothing more to record.
      if (!state || state.status !== 'active') return [];
      return { type: 'ImageExpired', data: command.data };
  }
}

export const imageDecider: Decider<ImageState, ImageCommand, ImageEvent> = {
  initialState: () => undefined,
  evolve: evolveImage,
  decide,
};
