/**
 * Each form's values as HubSpot fields, named exactly as spec 7.3 says, and the
 * mutations the forms submit through.
 */
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { submitHubspotForm, type HubspotField } from '@/integrations/hubspot/submit-form';
import type { B2BRequest, Contact } from '../schema';

export function contactFields(values: Contact): HubspotField[] {
  return [
    { name: 'firstname', value: values.firstName },
    { name: 'lastname', value: values.lastName },
    { name: 'email', value: values.email },
    { name: 'phone', value: values.phone },
    { name: 'message', value: values.message },
  ];
}

export function b2bRequestFields(values: B2BRequest): HubspotField[] {
  return [
    { name: 'firstname', value: values.firstName },
    { name: 'lastname', value: values.lastName },
    { name: 'email', value: values.email },
    { name: 'phone', value: values.phone },
    { name: 'company', value: values.companyName },
    { name: 'jobtitle', value: values.jobTitle },
    { name: 'company_size', value: values.companySize },
    { name: 'industry', value: values.industry },
    { name: 'website', value: values.website },
    { name: 'business_needs', value: values.businessNeeds },
  ];
}

function logFailure(form: string) {
  return (error: unknown) => {
    // A warning, not an error: the visitor sees the message and can retry.
    console.warn(`The ${form} submission failed.`, error);
  };
}

export function useSubmitContact() {
  return useMutation({
    mutationKey: ['lead-forms', 'contact'],
    mutationFn: (values: Contact) => submitHubspotForm(env.hubspot.contactFormId, contactFields(values)),
    onError: logFailure('contact form'),
  });
}

export function useSubmitB2BRequest() {
  return useMutation({
    mutationKey: ['lead-forms', 'b2b-request'],
    mutationFn: (values: B2BRequest) => submitHubspotForm(env.hubspot.b2bFormId, b2bRequestFields(values)),
    onError: logFailure('B2B request'),
  });
}
