/**
 * Client portal screens behind sign-in (documents, the dashboard's cards).
 * Not part of the eager catalog: the lazily loaded portal pages import it
 * (docs/decisions/102-one-catalog-per-page.md).
 */

export type DocumentCategory = 'spec_sheet' | 'certificate' | 'price_list' | 'contract' | 'invoice' | 'other';
export type FileLanguage = 'en' | 'fr' | 'both';

export const portal = {
  documents: {
    metaTitle: 'Documents',
    metaDescription: 'Certificates, spec sheets, price lists, contracts and invoices from your account team.',
    heading: 'Documents',
    intro: 'Certificates, spec sheets, price lists, contracts and invoices shared with your company.',
    backToDashboard: 'Back to the dashboard',
    filters: 'Filter the documents',
    category: 'Category',
    allCategories: 'All categories',
    language: 'File language',
    allLanguages: 'All languages',
    search: 'Search by title',
    searchPlaceholder: 'e.g. certificate',
    clearFilters: 'Clear filters',
    count: (shown: number, total: number) =>
      shown === total
        ? `${total} ${total === 1 ? 'document' : 'documents'}`
        : `${shown} of ${total} ${total === 1 ? 'document' : 'documents'}`,
    loading: 'Loading documents…',
    empty: 'No documents have been shared with you yet. Your account manager will add them here.',
    noMatch: 'No document matches these filters.',
    loadFailed: 'The documents could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    categories: {
      spec_sheet: 'Spec sheet',
      certificate: 'Certificate',
      price_list: 'Price list',
      contract: 'Contract',
      invoice: 'Invoice',
      other: 'Other',
    } satisfies Record<DocumentCategory, string>,
    languages: { en: 'English', fr: 'French', both: 'English and French' } satisfies Record<FileLanguage, string>,
    fields: {
      category: 'Category',
      language: 'Language',
      product: 'Product',
      size: 'Size',
      type: 'Type',
      date: 'Date',
    },
    expired: 'Expired',
    expiredOn: (date: string) => `Expired on ${date}`,
    expiresOn: (date: string) => `Valid until ${date}`,
    download: 'Download',
    downloadLabel: (title: string) => `Download ${title}`,
    downloading: 'Preparing…',
    downloadNotFound: 'This document is no longer available. Reload the page to see the current list.',
    downloadNetwork:
      'The download could not start: the server could not be reached. Check your connection and try again.',
    downloadFailed: 'The download could not start. Try again in a moment.',
    downloadSignedOut:
      'Your session has ended, so the download could not start. Sign in again, then download the document.',
  },
  dashboard: {
    company: (name: string) => `Company: ${name}`,
    settingUp:
      'Your account is being set up: your account manager will attach it to your company shortly. Meanwhile, the documents shared with every client are below.',
    documentsTitle: 'Latest documents',
    allDocuments: 'All documents',
    managerTitle: 'Your account manager',
    managerLoading: 'Loading your account manager…',
    noManager: 'Your account manager will be named here once your account is set up.',
    email: 'Email',
    phone: 'Phone',
    contactManager: 'Contact your account manager',
    accountFailed: 'Your company details could not be loaded. Reload the page to try again.',
    unreadReplies: (count: number) => (count === 1 ? '1 unread reply' : `${count} unread replies`),
  },
  messages: {
    metaTitle: 'Messages',
    metaDescription: 'Write to your account manager and read their replies.',
    heading: 'Messages',
    intro: 'Write to your account manager. Replies appear here, and we let you know by email.',
    backToDashboard: 'Back to the dashboard',
    listTitle: 'Your conversations',
    newConversation: 'New conversation',
    loading: 'Loading your conversations…',
    loadFailed: 'Your conversations could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    empty: 'No conversations yet. Start one with the form.',
    unread: 'Unread',
    open: 'Open',
    closed: 'Closed',
    you: 'You',
    lastMessage: (who: string, text: string) => `${who}: ${text}`,
    accountTeam: 'Account team',
    threadLabel: (subject: string) => `Messages of “${subject}”`,
    threadLoading: 'Loading the messages…',
    threadFailed: 'The messages could not be loaded. Check your connection and try again.',
    notFound: 'This conversation does not exist or is not yours. Choose one from the list.',
    closedNote: 'This conversation is closed. Writing again reopens it.',
    newTitle: 'Start a conversation',
    newIntro: 'Your account manager receives your message by email and answers here.',
    replyTitle: 'Reply',
    started: 'Your message has been sent to your account manager.',
    replied: 'Your reply has been sent.',
    noCompany:
      'Messages open once your account is attached to your company. Meanwhile, you can reach us through the contact page.',
    managerTitle: 'Your account manager',
    composer: {
      subject: 'Subject',
      body: 'Message',
      counter: (count: string, max: string) => `${count} / ${max} characters`,
      send: 'Send',
      sending: 'Sending…',
      rules: {
        empty: 'Write a message before sending.',
        tooLong: 'The message is too long: 5,000 characters at most. Shorten it, or send it in two parts.',
        subjectEmpty: 'Give your conversation a subject.',
        subjectTooLong: 'The subject is too long: 200 characters at most.',
      },
      failed: {
        'rate-limit':
          'You have sent many messages in the last hour. Wait a while, then send again: your text is kept here.',
        invalid: 'The message was refused: it must be between 1 and 5,000 characters. Your text is kept here.',
        network:
          'The message could not be sent: the server could not be reached. Check your connection and try again; your text is kept here.',
        other: 'The message could not be sent. Try again in a moment; your text is kept here.',
      },
    },
  },
};

export type PortalMessages = typeof portal;
