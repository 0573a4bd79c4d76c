// Form controls by their visible label; a required field's label ends with a decorative ' *'.
import { screen } from '@testing-library/react';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const labelled = (text: string) => new RegExp(`^${escape(text)}( \\*)?$`);
export const field = (text: string) => screen.getByLabelText(labelled(text));
export const queryField = (text: string) => screen.queryByLabelText(labelled(text));
