import type { FormInstance } from 'antd';
import type { CustomerInfo, UpdateCustomerBody } from '@storefront/contract/account';
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../lib/toast';
import { refusalSaying, type FieldsByCode } from '../../lib/form-refusal';
import { useFormRefusal } from '../../lib/use-form-refusal';
import { updateProfile } from './user-info-slice';

type Messages = { saved: string; failed: string };

/**
 * Saving one card of the profile: the change is sent, the card closes with a toast once saved, or stays open with
 * the server's refusal on its fields.
 */
export function useProfileSave(
  form: FormInstance,
  { onSaved, onClose }: { onSaved: (info: CustomerInfo) => void; onClose: () => void },
  messages: Messages,
  fieldsByCode?: FieldsByCode,
) {
  const dispatch = useAppDispatch();
  const [isSaving, setIsSaving] = useState(false);
  const { refusalMessage, messageRef, showRefusal, clearRefusal } = useFormRefusal(form, fieldsByCode);

  const save = async (change: UpdateCustomerBody) => {
    setIsSaving(true);
    clearRefusal();
    const result = await dispatch(updateProfile(change));
    if (updateProfile.fulfilled.match(result)) {
      onSaved(result.payload);
      toast.success(messages.saved);
      onClose();
      return;
    }
    setIsSaving(false);
    showRefusal(result.payload ?? refusalSaying(messages.failed));
  };

  return { isSaving, save, refusalMessage, messageRef };
}
