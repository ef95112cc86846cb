export const auth = {
  placeholder: 'auth',
};
