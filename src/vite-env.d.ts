/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_HUBSPOT_PORTAL_ID?: string;
  readonly VITE_HUBSPOT_CONTACT_FORM_ID?: string;
  readonly VITE_HUBSPOT_B2B_FORM_ID?: string;
  readonly VITE_HUBSPOT_FORMS_API?: string;
  readonly VITE_HUBSPOT_SCRIPT_URL?: string;
  readonly VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID?: string;
  readonly VITE_TAWK_PROPERTY_ID?: string;
  readonly VITE_TAWK_WIDGET_ID?: string;
  readonly VITE_PRIMARY_DOMAIN?: string;
  readonly VITE_BACKUP_DOMAIN?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_AUTH_PROVIDERS?: string;
  readonly VITE_CAPTCHA_SITE_KEY?: string;
  readonly VITE_CAPTCHA_SCRIPT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
