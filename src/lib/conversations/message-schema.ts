import { z } from '@/lib/validation/zod';
import { MESSAGE_MAX, SUBJECT_MAX, characterCount } from './api';

/** The texts a message form shows for its rules, in the page's language. */
export type MessageRuleTexts = {
  empty: string;
  tooLong: string;
  subjectEmpty: string;
  subjectTooLong: string;
};

/** A message body: something besides spaces, at most MESSAGE_MAX characters. */
export const bodySchema = (texts: MessageRuleTexts) =>
  z.string().check(
    z.refine((value) => value.trim().length > 0, texts.empty),
    z.refine((value) => characterCount(value.trim()) <= MESSAGE_MAX, texts.tooLong),
  );

export const subjectSchema = (texts: MessageRuleTexts) =>
  z.string().check(
    z.refine((value) => value.trim().length > 0, texts.subjectEmpty),
    z.refine((value) => characterCount(value.trim()) <= SUBJECT_MAX, texts.subjectTooLong),
  );
