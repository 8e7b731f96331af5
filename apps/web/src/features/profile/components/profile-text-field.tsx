import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { profileErrorText } from '../profile-error-text';

type ProfileTextFieldProps<T extends FieldValues> = Omit<
  ComponentProps<typeof FormTextField<T>>,
  'formatKey' | 'errorTextOf'
>;

/** A labelled text field bound to react-hook-form, showing the profile forms' messages. */
export function ProfileTextField<T extends FieldValues>(props: ProfileTextFieldProps<T>) {
  return <FormTextField {...props} errorTextOf={profileErrorText} />;
}
