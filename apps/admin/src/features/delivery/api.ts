import type {
  ClosureCreateBody,
  DeliveryClosure,
  DeliveryClosures,
  DeliveryTemplate,
  DeliveryTemplates,
  DeliveryZone,
  DeliveryZones,
  TemplateCreateBody,
  TemplateUpdateBody,
  ZoneUpdateBody,
} from '@storefront/contract/delivery-admin';
import type { ShippingZone } from '@storefront/contract/shipping';
import { callApi, getData, postData, putData } from '../../lib/http/client';

export function listTemplates(): Promise<DeliveryTemplates> {
  return getData<DeliveryTemplates>('/delivery/templates');
}

/** Adds a window template; its windows are offered on the storefront at once. */
export function addTemplate(body: TemplateCreateBody): Promise<DeliveryTemplate> {
  return postData<DeliveryTemplate>('/delivery/templates', body);
}

/** Changes a template and its windows already made; refused when orders booked in them would lose their place. */
export function updateTemplate(templateID: number, body: TemplateUpdateBody): Promise<DeliveryTemplate> {
  return putData<DeliveryTemplate>(`/delivery/templates/${templateID}`, body);
}

/** Closed days from a month ago on. */
export function listClosures(): Promise<DeliveryClosures> {
  return getData<DeliveryClosures>('/delivery/closures');
}

export function addClosure(body: ClosureCreateBody): Promise<DeliveryClosure> {
  return postData<DeliveryClosure>('/delivery/closures', body);
}

export function removeClosure(closureID: number): Promise<null> {
  return callApi<null>({ method: 'DELETE', url: `/delivery/closures/${closureID}` });
}

/** Each zone's minimum order. */
export function listZones(): Promise<DeliveryZones> {
  return getData<DeliveryZones>('/delivery/zones');
}

/** Sets a zone's minimum order: the storefront's cart and checkout follow at once. */
export function updateZone(zone: ShippingZone, body: ZoneUpdateBody): Promise<DeliveryZone> {
  return putData<DeliveryZone>(`/delivery/zones/${zone}`, body);
}
