import type { Messages } from '../en';

export const auth: Messages['auth'] = {
  placeholder: 'auth',
};
