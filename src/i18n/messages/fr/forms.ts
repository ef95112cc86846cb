import type { Messages } from '../en';

export const forms: Messages['forms'] = {
  placeholder: 'forms',
};
