import type { LitElement } from 'lit';

/** A constructor of an element class, for the mixin below (Material Web's `MixinBase`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type MixinBase<Instance> = abstract new (...args: any[]) => Instance;

/** What form association adds to an element: the members native form controls have. */
export interface FormAssociated {
  readonly form: HTMLFormElement | null;
  readonly validity: ValidityState;
  readonly validationMessage: string;
  readonly willValidate: boolean;
  checkValidity(): boolean;
  reportValidity(): boolean;
  formDisabledCallback(disabled: boolean): void;
}

/** The protected side of form association, for the element's own code. */
export declare abstract class FormAssociatedInternals {
  protected readonly internals: ElementInternals;
  protected isDisabled(): boolean;
}

/**
 * The form-control face of `<svc-uploader>`: form association through `ElementInternals`, the
 * validity API native controls have, and whether the control is disabled (itself or by a
 * `<fieldset>`). What the form receives is decided in form-value.ts, which form-value-controller.ts
 * loads with the first form the element joins.
 */
export function mixinFormAssociated<Base extends MixinBase<LitElement & { disabled: boolean }>>(
  base: Base,
): MixinBase<FormAssociated & FormAssociatedInternals> & Base {
  abstract class FormAssociatedElement extends base implements FormAssociated {
    /** A form control: `name`, `required`, `disabled`, reset and restore work as for native inputs. */
    static formAssociated = true;

    protected readonly internals = this.attachInternals();
    /** The browser's word on whether the control is disabled: by a `<fieldset>` or by its own attribute. */
    #formDisabled = false;

    /** The form the element belongs to, as for native form controls. */
    get form(): HTMLFormElement | null {
      return this.internals.form;
    }

    get validity(): ValidityState {
      return this.internals.validity;
    }

    get validationMessage(): string {
      return this.internals.validationMessage;
    }

    get willValidate(): boolean {
      return this.internals.willValidate;
    }

    checkValidity(): boolean {
      return this.internals.checkValidity();
    }

    /** Shows the browser's validation bubble on the element when it is invalid. */
    reportValidity(): boolean {
      return this.internals.reportValidity();
    }

    /** A `<fieldset>` around the element (or its own `disabled` attribute) disabled or enabled it. */
    formDisabledCallback(disabled: boolean): void {
      this.#formDisabled = disabled;
      this.requestUpdate();
    }

    /**
     * `disabled` itself, or a disabled fieldset around the element. While the element's own attribute
     * is present the browser's flag says nothing about the fieldset; the property decides then (the
     * attribute follows it a moment later, and the callback corrects a fieldset that is disabled too).
     */
    protected isDisabled(): boolean {
      return this.disabled || (this.#formDisabled && !this.hasAttribute('disabled'));
    }
  }
  return FormAssociatedElement as unknown as MixinBase<FormAssociated & FormAssociatedInternals> & Base;
}
