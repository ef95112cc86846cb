import type { Policies } from '../types';

/** English policy texts. Business details come from the site config through `d`. */
export const policiesEn: Policies = {
  privacy: (d) => ({
    title: 'Privacy Policy',
    metaDescription: `How ${d.legalName} collects, uses and protects personal information on its website and client portal.`,
    intro: [
      `This Privacy Policy explains how ${d.legalName} (“${d.name}”, “we”, “us”) collects, uses, discloses and protects personal information when you visit ${d.siteUrl}, contact us, request business-to-business (B2B) access or use our client portal.`,
      'We handle personal information in accordance with the Personal Information Protection and Electronic Documents Act (PIPEDA) and other privacy laws that apply to us. This policy takes effect on the date shown above.',
    ],
    sections: [
      {
        id: 'who-we-are',
        heading: '1. Who we are',
        blocks: [
          {
            type: 'paragraph',
            text: `${d.legalName} is an importer and brand builder of Mediterranean foods, based at ${d.address}. We are responsible for the personal information under our control and have named a privacy officer who is accountable for our compliance with this policy. You can reach the privacy officer at ${d.privacyEmail}.`,
          },
        ],
      },
      {
        id: 'information-we-collect',
        heading: '2. Information we collect',
        blocks: [
          {
            type: 'paragraph',
            text: 'We collect only the information we need for the purposes described in this policy.',
          },
          {
            type: 'list',
            items: [
              'Contact form: your first and last name, email address, optional phone number and your message.',
              'B2B access request: your name, email address, phone number, company name, job title, company size, industry, optional website and a description of your business needs.',
              'With each form: the language and address of the page you sent it from, the time, whether you ticked the box asking for our marketing emails together with the exact wording you were shown and its version, and, only if you accepted cookies, the identifier of our form provider’s cookie.',
              'To keep automated spam out: the network (IP) address a form was sent from, and whether the form showed signs of being filled in by a program.',
              'Client portal: your email address, your name if you provide it, and the records needed to keep you signed in securely.',
              'Correspondence: the content of emails, calls and chat conversations you have with us.',
              'Visit counts: for each page shown, and when a contact or B2B form comes into view, the page address without its query, the page language, the name of the site that sent you here (only its domain), and whether the screen is a phone, tablet or desktop size. Our database combines your network (IP) address and browser type with a secret that changes every day into a code that cannot be turned back into either; the address and browser type themselves are not stored, and the daily secret is deleted, so visits cannot be linked from one day to the next or to you. Nothing is stored in your browser for this, so it does not depend on your cookie choice. Search engines and other automated programs are not counted. Individual records are deleted after 90 days; daily totals are kept for two years.',
            ],
          },
          {
            type: 'paragraph',
            text: 'We do not ask for payment card information on this website, and we do not knowingly collect sensitive information such as health data. Please do not include such information in your messages.',
          },
        ],
      },
      {
        id: 'how-we-use',
        heading: '3. How we use your information',
        blocks: [
          {
            type: 'list',
            items: [
              'To answer your questions and follow up on your messages.',
              'To assess B2B access requests and, if approved, to create and support your client portal account.',
              'To prepare quotations, agreements and orders you ask us for.',
              'To understand how the website is used so that we can improve it.',
              'To protect the website, our clients and ourselves against fraud, abuse and security incidents.',
              'To meet our legal, accounting and regulatory obligations.',
            ],
          },
          {
            type: 'paragraph',
            text: 'We do not sell or rent personal information. We will not use your information for a new purpose without telling you and, where required, asking for your consent.',
          },
        ],
      },
      {
        id: 'consent',
        heading: '4. Consent',
        blocks: [
          {
            type: 'paragraph',
            text: 'By submitting a form or writing to us, you consent to our using your information to respond to you as described here. You may withdraw your consent at any time, subject to legal or contractual restrictions, by writing to our privacy officer. Withdrawing consent may mean we can no longer provide a service, such as access to the client portal.',
          },
          {
            type: 'paragraph',
            text: `Marketing emails are separate. As Canada’s anti-spam legislation (CASL) requires, we send news and offers by email only if you asked for them by ticking the unticked box on our contact or B2B request form; answering your message never depends on it. We keep a record of your choice, the wording you agreed to and when, to be able to prove your consent. You can withdraw it at any time, free of charge, with the unsubscribe link in every marketing email or by writing to ${d.privacyEmail}; we act on it within 10 business days.`,
          },
        ],
      },
      {
        id: 'cookies',
        heading: '5. Cookies and similar technologies',
        blocks: [
          {
            type: 'paragraph',
            text: 'We use a small number of cookies and similar browser storage. When you first visit, a banner asks whether you accept or decline; we store your answer in your browser under the name “cookie-consent” so we do not ask again.',
          },
          {
            type: 'list',
            items: [
              'Essential storage: your cookie choice and, if you sign in to the client portal, your session. The site cannot work properly without them.',
              'Measurement: none. We count visits without cookies or browser storage and without personal data (see “Visit counts” in section 2), whatever you choose.',
              'Forms and chat: only if you accept cookies, the identifier in our form provider’s (HubSpot’s) cookie is sent with the forms you submit, to connect the messages you send us; our chat provider, when the chat is available, sets cookies to keep your conversation open.',
            ],
          },
          {
            type: 'paragraph',
            text: 'You can also delete or block cookies in your browser settings. If you do, you will see the consent banner again on your next visit.',
          },
        ],
      },
      {
        id: 'sharing',
        heading: '6. Service providers and transfers outside Canada',
        blocks: [
          {
            type: 'paragraph',
            text: 'We share personal information only with service providers who help us run our business, such as website and database hosting, our customer relationship management and forms service, our chat service and our email provider. They may use the information only to provide services to us, under contracts that require them to protect it.',
          },
          {
            type: 'paragraph',
            text: 'What you send through our contact and B2B request forms goes to two places: our own database (hosted by Supabase), where our staff can see every request even if the second place is unavailable, and HubSpot, our customer relationship management service, which also records your marketing-email choice. Forms that show signs of automated spam are kept in our database only and are not sent to HubSpot.',
          },
          {
            type: 'paragraph',
            text: 'Some of these providers store or process information outside Canada, including in the United States and the European Union. While it is there, it is subject to the laws of that country and may be accessible to its courts, law enforcement and national security authorities.',
          },
          {
            type: 'paragraph',
            text: 'We may also disclose information if the law requires it, or as part of the sale or reorganisation of our business, in which case the information would remain protected by terms at least as strict as these.',
          },
        ],
      },
      {
        id: 'retention',
        heading: '7. How long we keep information',
        blocks: [
          {
            type: 'list',
            items: [
              'Messages and B2B requests: in our database, 24 months after you send them, when they are deleted automatically; in our customer relationship management service, up to 24 months after our last exchange, unless they lead to a business relationship.',
              'Forms showing signs of automated spam: 30 days. Network addresses recorded to limit spam: 24 hours.',
              'Your marketing-email consent and its record: until you withdraw it, and then for as long as we need to prove that we respected your choice.',
              'Client portal accounts: while the account is active and for 12 months after it is closed.',
              'Page-load records: up to 13 months.',
              'Business records such as invoices and contracts: as long as tax and corporate law requires, usually seven years.',
            ],
          },
          {
            type: 'paragraph',
            text: 'When information is no longer needed, we delete it or make it anonymous.',
          },
        ],
      },
      {
        id: 'security',
        heading: '8. How we protect information',
        blocks: [
          {
            type: 'paragraph',
            text: 'We protect personal information with safeguards suited to its sensitivity: encrypted connections, access limited to the staff who need it, role-based permissions in our systems, strong authentication and regular review of who can see what. No method of transmission or storage is perfectly secure; if a breach creates a real risk of significant harm, we will notify you and the Privacy Commissioner of Canada as the law requires.',
          },
        ],
      },
      {
        id: 'your-rights',
        heading: '9. Your rights',
        blocks: [
          {
            type: 'paragraph',
            text: `You may ask to see the personal information we hold about you, to learn how it has been used and disclosed, and to correct it if it is inaccurate or incomplete. Write to ${d.privacyEmail}; we will answer within 30 days and may ask you to confirm your identity first.`,
          },
          {
            type: 'paragraph',
            text: 'If you are not satisfied with our answer, you may complain to the Office of the Privacy Commissioner of Canada.',
          },
        ],
      },
      {
        id: 'children',
        heading: '10. Children',
        blocks: [
          {
            type: 'paragraph',
            text: 'This website is intended for businesses and adults. We do not knowingly collect personal information from anyone under 16. If you believe a child has sent us information, contact us and we will delete it.',
          },
        ],
      },
      {
        id: 'changes',
        heading: '11. Changes to this policy',
        blocks: [
          {
            type: 'paragraph',
            text: 'We may update this policy as our services or the law change. We will post the new version on this page with a new effective date and, if the changes are significant, tell you by a notice on the website or by email.',
          },
        ],
      },
      {
        id: 'contact',
        heading: '12. Contact us',
        blocks: [
          {
            type: 'paragraph',
            text: `Privacy officer, ${d.legalName}, ${d.address}. Email: ${d.privacyEmail}. Phone: ${d.phone}.`,
          },
        ],
      },
    ],
  }),

  terms: (d) => ({
    title: 'Terms of Use',
    metaDescription: `The terms that govern the use of the ${d.name} website and client portal.`,
    intro: [
      `These Terms of Use govern your use of ${d.siteUrl}, including its public pages, forms and client portal (together, the “website”), operated by ${d.legalName} (“${d.name}”, “we”, “us”).`,
      'By using the website you agree to these terms. If you do not agree, please do not use the website.',
    ],
    sections: [
      {
        id: 'about',
        heading: '1. About us',
        blocks: [
          {
            type: 'paragraph',
            text: `${d.legalName} is a corporation based at ${d.address}. You can reach us at ${d.infoEmail} or ${d.phone}.`,
          },
        ],
      },
      {
        id: 'use',
        heading: '2. Using the website',
        blocks: [
          {
            type: 'paragraph',
            text: 'You may use the website for lawful purposes related to learning about our products and services and doing business with us. You agree not to:',
          },
          {
            type: 'list',
            items: [
              'interfere with the website’s operation or security, or try to access areas or data you are not authorised to access;',
              'collect content or information from the website by automated means without our written permission;',
              'send unsolicited advertising, malicious code or false information through our forms;',
              'impersonate another person or misrepresent your relationship with a business.',
            ],
          },
        ],
      },
      {
        id: 'information',
        heading: '3. Product and business information',
        blocks: [
          {
            type: 'paragraph',
            text: 'Descriptions of products, producers and services on the website are for general information. Availability, specifications and prices vary with harvests and markets and are confirmed only in a written quotation or agreement. Nothing on the website is an offer capable of acceptance, and no contract is formed until we sign one with you.',
          },
        ],
      },
      {
        id: 'accounts',
        heading: '4. B2B access and client portal accounts',
        blocks: [
          {
            type: 'paragraph',
            text: 'Access to the client portal is granted to businesses at our discretion. When you request access, the information you give must be accurate and you must be authorised to act for the business you name.',
          },
          {
            type: 'paragraph',
            text: 'Keep your password confidential and tell us at once if you believe someone else has used your account. You are responsible for activity under your account. We may suspend or close an account that is misused, that puts the website at risk, or when our business relationship ends.',
          },
        ],
      },
      {
        id: 'intellectual-property',
        heading: '5. Intellectual property',
        blocks: [
          {
            type: 'paragraph',
            text: `The website and its content, including text, illustrations, logos and the ${d.name} name, belong to us or our licensors and are protected by copyright and trademark law. You may view and print pages for your own business use. Any other use, including copying, modifying or republishing content, requires our written permission. Producers’ names and marks belong to the producers.`,
          },
        ],
      },
      {
        id: 'submissions',
        heading: '6. What you send us',
        blocks: [
          {
            type: 'paragraph',
            text: 'When you send us a message or request, you allow us to use it to respond to you and to manage our relationship, as described in our Privacy Policy. Please do not send confidential business information through the public forms; we can arrange a confidentiality agreement before detailed discussions.',
          },
        ],
      },
      {
        id: 'third-parties',
        heading: '7. Links and third-party services',
        blocks: [
          {
            type: 'paragraph',
            text: 'The website links to sites we do not control, such as our sister brand’s store, and uses third-party services for forms and chat. We are not responsible for their content or practices, and their own terms and privacy policies apply when you use them.',
          },
        ],
      },
      {
        id: 'disclaimer',
        heading: '8. Disclaimer',
        blocks: [
          {
            type: 'paragraph',
            text: 'We work to keep the website accurate and available, but we provide it “as is” and “as available”. To the extent permitted by law, we make no warranty that it will be uninterrupted, error-free or free of harmful components, or that its information is complete or current.',
          },
        ],
      },
      {
        id: 'liability',
        heading: '9. Limitation of liability',
        blocks: [
          {
            type: 'paragraph',
            text: 'To the extent permitted by law, we are not liable for any indirect, incidental, special or consequential loss, or for loss of profits, revenue or data, arising from your use of the website or your inability to use it. Our total liability for any claim related to the website is limited to one hundred Canadian dollars (CAD 100). Nothing in these terms limits liability that cannot be limited by law.',
          },
        ],
      },
      {
        id: 'indemnity',
        heading: '10. Indemnity',
        blocks: [
          {
            type: 'paragraph',
            text: 'You agree to indemnify us against claims, losses and reasonable costs arising from your breach of these terms or your misuse of the website.',
          },
        ],
      },
      {
        id: 'governing-law',
        heading: '11. Governing law',
        blocks: [
          {
            type: 'paragraph',
            text: 'These terms are governed by the laws of the Province of Ontario and the federal laws of Canada that apply there. You and we submit to the exclusive jurisdiction of the courts of Ontario, sitting in Ottawa, for any dispute about the website or these terms.',
          },
        ],
      },
      {
        id: 'changes',
        heading: '12. Changes to these terms',
        blocks: [
          {
            type: 'paragraph',
            text: 'We may change these terms from time to time. The version on this page, with its effective date, is the one that applies. If you keep using the website after a change, you accept the new terms.',
          },
        ],
      },
      {
        id: 'language',
        heading: '13. Language',
        blocks: [
          {
            type: 'paragraph',
            text: 'These terms are available in English and in French, and both versions are equally authoritative.',
          },
        ],
      },
      {
        id: 'contact',
        heading: '14. Contact us',
        blocks: [
          {
            type: 'paragraph',
            text: `Questions about these terms: ${d.legalName}, ${d.address}. Email: ${d.infoEmail}. Phone: ${d.phone}.`,
          },
        ],
      },
    ],
  }),
};
