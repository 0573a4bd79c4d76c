// Which CanvasKit the collage pages draw with: the browser's canvas unless a test provides another.
import { createContext, useContext } from 'react';
import { browserCanvasKit, type CanvasKit } from './canvas-kit';

export const CanvasKitContext = createContext<CanvasKit>(browserCanvasKit);

export const useCanvasKit = (): CanvasKit => useContext(CanvasKitContext);
