import type { Messages } from '../en';

export const insights: Messages['insights'] = {
  placeholder: 'insights',
};
