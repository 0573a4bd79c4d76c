// What both crop tools (prints and collage slots) give react-easy-crop's frame: the frame takes
// focus (Tab) and moves the photo with the arrow keys, so it needs a name saying so, and a step a
// keyboard user can cross a photo with (the library's 1 px needs hundreds of presses; Shift is a
// fifth of a step).
export const CROP_FRAME_PROPS = {
  keyboardStep: 10,
  cropperProps: {
    role: 'group',
    'aria-label': 'Crop frame: arrow keys move the photo, Shift with an arrow moves it a little',
  },
} as const;
