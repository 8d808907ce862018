// Generated from /api/openapi.json by openapi-typescript: do not edit. `npm run api-types` regenerates it.

export interface paths {
    "/activation/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Activate an account with the key from the e-mailed link */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        activation_key: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        /** E-mail a new activation link */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project for the checkout screen (same answer as the project detail) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            additional_notes: string;
                            approved: string | null;
                            category: string | null;
                            contains_upholstery: boolean;
                            cost: {
                                fabric: number | null;
                                labor: number | null;
                                paid: number;
                                remaining: number | null;
                                shipping: number;
                                subtotal: number | null;
                                tax: number | null;
                                total: number | null;
                            };
                            created: string;
                            due: string | null;
                            events: {
                                at: string;
                                detail: {
                                    [key: string]: unknown;
                                };
                                label: string;
                                step: string;
                            }[];
                            fabric_arrived: boolean;
                            fabrics: {
                                [key: string]: unknown;
                            }[];
                            has_upholstery: boolean;
                            id: string;
                            items: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            notes: {
                                [key: string]: unknown;
                            };
                            onsite_complete: boolean;
                            /** @description "#1042", or "Ref. fd31a7ee" for an older project without a number. */
                            order_label: string;
                            /** @description The short order number (#1042); null for projects created before numbers existed (decision 0315). */
                            order_number: number | null;
                            organization: string | null;
                            organization_id: string | null;
                            paid: string | null;
                            partial_payment: boolean;
                            paused: string | null;
                            /** @enum {string} */
                            production_state: "N" | "CIP" | "CC" | "S" | "I" | "R";
                            production_time: number;
                            progress: {
                                current: number | null;
                                done: boolean;
                                steps: string[];
                            };
                            project_ready: boolean;
                            readiness: string;
                            revision: number;
                            shipment: {
                                carrier: string | null;
                                tracking_number: string | null;
                                tracking_url: string | null;
                            } | null;
                            shipping_cost: number;
                            shipping_notes: {
                                [key: string]: unknown;
                            };
                            started: string | null;
                            /** @enum {string} */
                            state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                            submitted: string | null;
                            total_quantity: number;
                            unpaused: string | null;
                            updated: string;
                            user: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        /** Update checkout details (name, notes, shipping) and optionally pay with `payment` */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @description Accepted and ignored: fabrics cannot change at checkout */
                        fabrics?: unknown[];
                        id?: string;
                        name?: string;
                        notes?: {
                            payment_details?: {
                                details?: {
                                    remaining?: number;
                                };
                                partial_payment?: boolean;
                            };
                            tax_exempt?: boolean;
                        };
                        /** @description Pay now with the token the gateway's client-side widget made from the card (never a card number). Sandbox test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. */
                        payment?: {
                            token: string;
                        };
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                        shipping_notes?: {
                            delivery_type?: 0 | 1 | 2 | 3;
                            shipping_address?: {
                                city?: string;
                                line1?: string;
                                postal_code?: string;
                                recipient_name?: string;
                                state?: string;
                            };
                        };
                        /** @enum {string} */
                        state?: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fabrics/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fabrics, types and filters; the filters can be applied */
        get: {
            parameters: {
                query?: {
                    fabric_type?: string;
                    in_stock?: "true" | "false";
                    is_featured?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            fabrics: {
                                [key: string]: unknown;
                            }[];
                            filters?: unknown;
                            types?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/guests/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a guest's project: creates a guest user and the project, and e-mails a link to complete the registration */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        project: {
                            additional_notes?: string;
                            category?: string;
                            fabrics: {
                                arrived?: boolean;
                                description?: string;
                                id: string;
                                items: {
                                    contrast_welt?: number | null;
                                    description?: string;
                                    dimensions?: {
                                        channelWidth?: number | null;
                                        height?: number | null;
                                        length?: number | null;
                                        width?: number | null;
                                    };
                                    has_upholstery?: boolean | null;
                                    images?: (string | null)[];
                                    include_cleats?: boolean;
                                    include_tiebacks?: boolean;
                                    include_velcro?: boolean;
                                    /** @enum {string|null} */
                                    insert?: "poly" | "down" | "ql_down" | "outdoor" | "foam" | "dw_foam" | "none" | null;
                                    name?: string;
                                    piping?: number | null;
                                    product_id: number;
                                    product_style?: string | null;
                                    /** @enum {string|null} */
                                    product_trim?: "S" | "P" | "C" | null;
                                    product_type?: string;
                                    quantity?: number;
                                    self_welt?: number | null;
                                    size?: string | null;
                                    source?: string;
                                    trim_description?: string;
                                    trim_image?: string | null;
                                    unit_price?: number | null;
                                    yardage?: number | null;
                                }[];
                                name?: string;
                                sku?: string;
                                source?: string;
                                unit_price?: number | null;
                                url?: string;
                            }[];
                            name: string;
                            notes?: {
                                payment_details?: {
                                    details?: {
                                        remaining?: number;
                                    };
                                    partial_payment?: boolean;
                                };
                                tax_exempt?: boolean;
                            };
                            shipping_cost?: number;
                            shipping_notes?: {
                                delivery_type?: 0 | 1 | 2 | 3;
                                shipping_address?: {
                                    city?: string;
                                    line1?: string;
                                    postal_code?: string;
                                    recipient_name?: string;
                                    state?: string;
                                };
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Done. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Logged in already, or a guest session whose saved project still waits for its mailed link (decision 0246). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/check-user/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who has this e-mail address (before a transfer) */
        get: {
            parameters: {
                query: {
                    email: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                            is_active: boolean;
                            is_guest: boolean;
                            is_staff: boolean;
                            name: string;
                            user_id: string;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No user has this e-mail address. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/log-digest/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest signed digest of the event log, as `npm run verify-log --digest-out` writes it, for an auditor to keep */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            algorithm: "Ed25519";
                            digestId: string;
                            /** @description How many events the digest covers. */
                            events: string;
                            /** @enum {string} */
                            format: "shop-log-digest/1";
                            /** @description Every event of a transaction below this is covered. */
                            horizon: string;
                            /** @description SPKI PEM of the signing key. */
                            publicKey: string;
                            /** @description RFC 6962 Merkle tree hash over the stream heads, hex. */
                            root: string;
                            /** @description The database clock when sealed. */
                            sealedAt: string;
                            /** @description Ed25519, base64. */
                            signature: string;
                            /** @description The exact text signed. */
                            statement: string;
                            streams: string;
                        };
                    };
                };
                /** @description No digest seals the log yet (a fresh shop seals it within LOG_SEAL_MINUTES, and at every stop). */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description The newest digest’s signature does not verify: run npm run verify-log. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/mail-deliveries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** E-mail deliveries that failed, were retried, or are not sent yet, newest request first (decision 0327) */
        get: {
            parameters: {
                query?: {
                    status?: "failed" | "retried" | "unsent";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The deliveries, at most 200. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attempts: number;
                            /** @description The request event's id; the mail's Message-ID is `<id@soft-furnishings-shop>` */
                            id: string;
                            kind: string;
                            last_error: string | null;
                            next_attempt_at: string;
                            recipient: string;
                            requested_at: string;
                            settled_at: string | null;
                            /** @enum {string} */
                            status: "pending" | "sending" | "sent" | "failed";
                            stream_id: string;
                        }[];
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/mail/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mail written to files (no SMTP_URL), newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The written mail, newest first. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            date: string;
                            from: string;
                            id: string;
                            subject: string;
                            to: string;
                        }[];
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/mail/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One written mail with its text and raw message */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The mail. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            date: string;
                            from: string;
                            id: string;
                            raw: string;
                            subject: string;
                            text: string;
                            to: string;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/notifications/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All of the shop's own notifications, inactive ones too */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                attributes: {
                                    Active: boolean;
                                    Message: string;
                                };
                                id: string | number;
                            }[];
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Publish a notification */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @default true */
                        active?: boolean;
                        message: string;
                    };
                };
            };
            responses: {
                /** @description Published. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attributes: {
                                Active: boolean;
                                Message: string;
                            };
                            id: string;
                            revision: number;
                            stream_id: string;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/notifications/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the message or switch a notification on or off */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        active?: boolean;
                        message?: string;
                    };
                };
            };
            responses: {
                /** @description Changed. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attributes: {
                                Active: boolean;
                                Message: string;
                            };
                            id: string;
                            revision: number;
                            stream_id: string;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Remove a notification */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            revision: number;
                            stream_id: string;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/organizations/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every organization */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            address: string;
                            created: string;
                            deleted: boolean;
                            email: string;
                            id: string;
                            members: string[];
                            name: string;
                            phone: string;
                            updated: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create an organization */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        address?: string;
                        email?: string;
                        name: string;
                        phone?: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/organizations/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An organization with its member profiles */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            address: string;
                            created: string;
                            deleted: boolean;
                            email: string;
                            id: string;
                            member_details: {
                                email: string;
                                name: string;
                                phone: string;
                                user_id: string;
                            }[];
                            members: string[];
                            name: string;
                            phone: string;
                            revision: number;
                            updated: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        /** Change an organization's details */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        address?: string;
                        email?: string;
                        name: string;
                        phone?: string;
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete an organization (its history is kept) */
        delete: {
            parameters: {
                query?: {
                    revision?: number | null;
                };
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/organizations/{id}/add_member/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add the user with this e-mail */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/organizations/{id}/remove_member/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove the user with this e-mail */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/organizations/{id}/shipped_projects/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's shipped projects, most recent first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            approved: string | null;
                            created: string;
                            due: string | null;
                            id: string;
                            name: string;
                            /** @description "#1042", or "Ref. fd31a7ee" for an older project without a number. */
                            order_label: string;
                            /** @description The short order number (#1042); null for projects created before numbers existed (decision 0315). */
                            order_number: number | null;
                            organization_id: string | null;
                            paid: string | null;
                            /** @enum {string} */
                            production_state: "N" | "CIP" | "CC" | "S" | "I" | "R";
                            readiness: string;
                            shipment: {
                                carrier: string | null;
                                tracking_number: string | null;
                                tracking_url: string | null;
                            } | null;
                            shipped: string | null;
                            /** @enum {string} */
                            state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                            submitted: string | null;
                            total: number | null;
                            total_quantity: number;
                            updated: string;
                            user: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/payments/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Card payments and where each one's capture stands, newest first (at most 200) */
        get: {
            parameters: {
                query?: {
                    /** @description One project's card payments; every project's when absent */
                    project_id?: string;
                    /** @description Only those in this state, or retried (more than one attempt); all when absent */
                    state?: "authorized" | "captured" | "capture_failed" | "retried";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            amount: number;
                            attempts: number;
                            authorized_at: string;
                            charge_id: string;
                            gateway: string;
                            /** @description The gateway's last refusal (the failure's reason once failed) */
                            last_error: string | null;
                            /** @description When the next attempt is due; null once settled */
                            next_attempt_at: string | null;
                            project_id: string;
                            settled_at: string | null;
                            /**
                             * @description Authorised and not yet captured (being tried), captured, or failed for good
                             * @enum {string}
                             */
                            state: "authorized" | "captured" | "capture_failed";
                            /**
                             * @description The reactor's step: waiting for an attempt, asking the gateway, or settled
                             * @enum {string}
                             */
                            status: "pending" | "capturing" | "captured" | "failed";
                        }[];
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/privacy/purge/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many erasures still wait for the purge that removes them from the database files (docs/decisions/0162) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projections/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lag and version of each projection, its upgrade, the streams parked on an event a projection rejected, and the Kafka feed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The scaled topology (projections fed through Kafka, decision 0385); null when the projections follow the log directly. */
                            kafka: {
                                /** @description The projector group's lag per partition of the topic; null when the brokers could not be asked (consumer_lag_error says why). */
                                consumer_lag: {
                                    messages: number;
                                    partition: number;
                                }[] | null;
                                consumer_lag_error: string | null;
                                gap_fills: {
                                    events_filled: number;
                                    recent: {
                                        events_filled: number;
                                        filled_at: string;
                                        from_revision: number;
                                        projection: string;
                                        stream_id: string;
                                        to_revision: number;
                                    }[];
                                    total: number;
                                };
                                /** @description Events in the log Kafka has not acknowledged from the relay yet, and how long the oldest has waited. */
                                relay: {
                                    lag_events: number;
                                    lag_ms: number;
                                };
                                topic: string;
                            } | null;
                            parked_streams: {
                                applied_revision: number;
                                error: string;
                                event_id: string;
                                event_revision: number;
                                event_type: string;
                                parked_at: string;
                                projection: string;
                                retry_requested_at: string | null;
                                stream_id: string;
                            }[];
                            projections: {
                                lag_events: number;
                                lag_ms: number;
                                name: string;
                                parked_streams: number;
                                position: number;
                                upgrade: {
                                    error: string | null;
                                    from_version: number | null;
                                    progress: {
                                        eta_seconds: number;
                                        events_done: number;
                                        events_per_second: number;
                                        events_total: number;
                                        phase: string;
                                    } | null;
                                    started_at: string;
                                    /** @enum {string} */
                                    state: "running" | "failed";
                                    to_version: number;
                                } | null;
                                version: number | null;
                            }[];
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projections/parked/retry/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a parked stream: its projection applies the events it skipped */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        projection: string;
                        stream_id: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every project, in the internal ordering of SPEC §4 */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 100) */
                    limit?: number;
                    /** @description Case-insensitive substring of the name, or an order number ("#1042" or "1042") */
                    name?: string;
                    /** @description Rows to skip */
                    offset?: number | null;
                    state?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            approved: string | null;
                            created: string;
                            due: string | null;
                            id: string;
                            name: string;
                            /** @description "#1042", or "Ref. fd31a7ee" for an older project without a number. */
                            order_label: string;
                            /** @description The short order number (#1042); null for projects created before numbers existed (decision 0315). */
                            order_number: number | null;
                            organization_id: string | null;
                            paid: string | null;
                            /** @enum {string} */
                            production_state: "N" | "CIP" | "CC" | "S" | "I" | "R";
                            readiness: string;
                            /** @enum {string} */
                            state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                            submitted: string | null;
                            total: number | null;
                            total_quantity: number;
                            updated: string;
                            user: string;
                            user_email: string | null;
                            /** @description "Wendy Walker (customer)". */
                            user_in_words: string;
                            user_name: string | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project with staff notes, activity log and cost */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activity: {
                                actor: string;
                                /** @description Who, from the users read model at query time: "Wendy Walker (customer)". */
                                actor_in_words: string;
                                at: string;
                                /** @enum {string} */
                                kind: "P" | "S" | "E" | "PR";
                                text: string;
                            }[];
                            additional_notes: string;
                            approved: string | null;
                            archived: string | null;
                            balance_remaining: number | null;
                            category: string | null;
                            completed: string | null;
                            contains_upholstery: boolean;
                            copied_from: string | null;
                            cost: {
                                fabric: number | null;
                                labor: number | null;
                                paid: number;
                                remaining: number | null;
                                shipping: number;
                                subtotal: number | null;
                                tax: number | null;
                                total: number | null;
                            };
                            created: string;
                            deleted: boolean;
                            due: string | null;
                            events: {
                                actor: string;
                                /** @description Who, from the users read model at query time: "Wendy Walker (customer)". */
                                actor_in_words: string;
                                at: string;
                                /** @enum {string} */
                                kind: "P" | "S" | "E" | "PR";
                                text: string;
                            }[];
                            fabric_arrived: boolean;
                            fabrics: {
                                [key: string]: unknown;
                            }[];
                            has_upholstery: boolean;
                            id: string;
                            items: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            notes: {
                                [key: string]: unknown;
                            };
                            onsite_complete: boolean;
                            /** @description "#1042", or "Ref. fd31a7ee" for an older project without a number. */
                            order_label: string;
                            /** @description The short order number (#1042); null for projects created before numbers existed (decision 0315). */
                            order_number: number | null;
                            organization: string | null;
                            organization_id: string | null;
                            paid: string | null;
                            paid_amount: number;
                            partial_payment: boolean;
                            paused: string | null;
                            /** @enum {string} */
                            production_state: "N" | "CIP" | "CC" | "S" | "I" | "R";
                            production_time: number;
                            progress: {
                                current: number | null;
                                done: boolean;
                                steps: string[];
                            };
                            project_ready: boolean;
                            readiness: string;
                            revision: number;
                            shipment: {
                                carrier: string | null;
                                tracking_number: string | null;
                                tracking_url: string | null;
                            } | null;
                            shipped: string | null;
                            shipping_cost: number;
                            shipping_notes: {
                                [key: string]: unknown;
                            };
                            staff_notes: {
                                author: string;
                                author_in_words: string;
                                created: string;
                                id: string;
                                text: string;
                                updated: string | null;
                            }[];
                            started: string | null;
                            /** @enum {string} */
                            state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                            submitted: string | null;
                            total_quantity: number;
                            unpaused: string | null;
                            updated: string;
                            user: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        /** Staff update: edit, price, production details, update_payment, state moves; send_email notifies the customer */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        additional_notes?: string;
                        /** @enum {string|null} */
                        carrier?: "usps" | "ups" | "fedex" | null;
                        category?: string | null;
                        due?: string;
                        /** @enum {boolean} */
                        fabric_arrived?: true;
                        fabrics?: {
                            arrived?: boolean;
                            description?: string;
                            id: string;
                            items: {
                                contrast_welt?: number | null;
                                description?: string;
                                dimensions?: {
                                    channelWidth?: number | null;
                                    height?: number | null;
                                    length?: number | null;
                                    width?: number | null;
                                };
                                has_upholstery?: boolean | null;
                                images?: (string | null)[];
                                include_cleats?: boolean;
                                include_tiebacks?: boolean;
                                include_velcro?: boolean;
                                /** @enum {string|null} */
                                insert?: "poly" | "down" | "ql_down" | "outdoor" | "foam" | "dw_foam" | "none" | null;
                                name?: string;
                                piping?: number | null;
                                product_id: number;
                                product_style?: string | null;
                                /** @enum {string|null} */
                                product_trim?: "S" | "P" | "C" | null;
                                product_type?: string;
                                quantity?: number;
                                self_welt?: number | null;
                                size?: string | null;
                                source?: string;
                                trim_description?: string;
                                trim_image?: string | null;
                                unit_price?: number | null;
                                yardage?: number | null;
                            }[];
                            name?: string;
                            sku?: string;
                            source?: string;
                            unit_price?: number | null;
                            url?: string;
                        }[];
                        id?: string;
                        message?: string;
                        name?: string;
                        notes?: {
                            payment_details?: {
                                details?: {
                                    remaining?: number;
                                };
                                partial_payment?: boolean;
                            };
                            tax_exempt?: boolean;
                        };
                        /** @enum {boolean} */
                        onsite_complete?: true;
                        /** @enum {string} */
                        production_state?: "N" | "CIP" | "CC" | "S" | "I" | "R";
                        production_time?: number;
                        reason?: string;
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                        /** @description E-mail the customer about the state change (approval sends the invoice; pause and unpause their notices) */
                        send_email?: boolean;
                        shipping_cost?: number;
                        shipping_notes?: {
                            delivery_type?: 0 | 1 | 2 | 3;
                            shipping_address?: {
                                city?: string;
                                line1?: string;
                                postal_code?: string;
                                recipient_name?: string;
                                state?: string;
                            };
                        };
                        /** @enum {string} */
                        state?: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                        tracking_number?: string | null;
                        /** @description A payment received by other means (cheque, transfer), in cents; false (or leaving it out) means no payment was taken */
                        update_payment?: false | {
                            amount: number;
                            details?: string;
                            /** @default false */
                            partial?: boolean;
                            remaining?: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/{id}/events/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log: every event, who, when, what changed; with `as_of`, the project as it was then */
        get: {
            parameters: {
                query?: {
                    /** @description An ISO date or date-time. */
                    as_of?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            as_of?: string;
                            events: ({
                                actor: string;
                                actor_email: string | null;
                                /** @description "Wendy Walker (customer)", "The shop (system)". */
                                actor_in_words: string;
                                actor_name: string | null;
                                /**
                                 * @description From the users read model at query time.
                                 * @enum {string}
                                 */
                                actor_role: "staff" | "customer" | "system" | "unknown";
                                /** @description The business time (the event's occurredAt). */
                                at: string;
                                /** @description Every changed field of the project view, raw. */
                                changes: ({
                                    field: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                /** @description The changes that matter to people: dollars, state labels, MM/dd/yyyy. */
                                changes_in_words: {
                                    field: string;
                                    from: string;
                                    label: string;
                                    to: string;
                                }[];
                                data: {
                                    [key: string]: unknown;
                                };
                                event_id: string;
                                /** @description The business name of the event type, e.g. "Quote approved". */
                                event_name: string;
                                /** @description When the database recorded the event (its clock, microseconds); null for events older than that record. */
                                recorded_at: string | null;
                                revision: number;
                                /** @description The line in words: who did what and the main changes. */
                                summary: string;
                                /** @description The OpenTelemetry trace id of the write that appended the event, to look up in the collector; null when tracing was off then. */
                                trace_id: string | null;
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            id: string;
                            project?: ({
                                activity: {
                                    actor: string;
                                    /** @description Who, from the users read model at query time: "Wendy Walker (customer)". */
                                    actor_in_words: string;
                                    at: string;
                                    /** @enum {string} */
                                    kind: "P" | "S" | "E" | "PR";
                                    text: string;
                                }[];
                                additional_notes: string;
                                approved: string | null;
                                archived: string | null;
                                balance_remaining: number | null;
                                category: string | null;
                                completed: string | null;
                                contains_upholstery: boolean;
                                copied_from: string | null;
                                cost: {
                                    fabric: number | null;
                                    labor: number | null;
                                    paid: number;
                                    remaining: number | null;
                                    shipping: number;
                                    subtotal: number | null;
                                    tax: number | null;
                                    total: number | null;
                                };
                                created: string;
                                deleted: boolean;
                                due: string | null;
                                events: {
                                    actor: string;
                                    /** @description Who, from the users read model at query time: "Wendy Walker (customer)". */
                                    actor_in_words: string;
                                    at: string;
                                    /** @enum {string} */
                                    kind: "P" | "S" | "E" | "PR";
                                    text: string;
                                }[];
                                fabric_arrived: boolean;
                                fabrics: {
                                    [key: string]: unknown;
                                }[];
                                has_upholstery: boolean;
                                id: string;
                                items: {
                                    [key: string]: unknown;
                                }[];
                                name: string;
                                notes: {
                                    [key: string]: unknown;
                                };
                                onsite_complete: boolean;
                                /** @description "#1042", or "Ref. fd31a7ee" for an older project without a number. */
                                order_label: string;
                                /** @description The short order number (#1042); null for projects created before numbers existed (decision 0315). */
                                order_number: number | null;
                                organization: string | null;
                                organization_id: string | null;
                                paid: string | null;
                                paid_amount: number;
                                partial_payment: boolean;
                                paused: string | null;
                                /** @enum {string} */
                                production_state: "N" | "CIP" | "CC" | "S" | "I" | "R";
                                production_time: number;
                                progress: {
                                    current: number | null;
                                    done: boolean;
                                    steps: string[];
                                };
                                project_ready: boolean;
                                readiness: string;
                                revision: number;
                                shipment: {
                                    carrier: string | null;
                                    tracking_number: string | null;
                                    tracking_url: string | null;
                                } | null;
                                shipped: string | null;
                                shipping_cost: number;
                                shipping_notes: {
                                    [key: string]: unknown;
                                };
                                staff_notes: {
                                    author: string;
                                    author_in_words: string;
                                    created: string;
                                    id: string;
                                    text: string;
                                    updated: string | null;
                                }[];
                                started: string | null;
                                /** @enum {string} */
                                state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                                submitted: string | null;
                                total_quantity: number;
                                unpaused: string | null;
                                updated: string;
                                user: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            revision: number;
                            stream_id: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/{id}/invoice/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the invoice (to `email`, or the customer) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email?: string;
                        message?: string;
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/{id}/mail-previews/{kind}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Preview an e-mail about this project (HTML and text parts), as it would be sent now */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    kind: "activation" | "password_reset" | "profile_completion" | "invoice" | "pause" | "unpause" | "reminder" | "transfer";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The HTML part, as the customer would receive it. */
                            html: string;
                            /** @enum {string} */
                            kind: "activation" | "password_reset" | "profile_completion" | "invoice" | "pause" | "unpause" | "reminder" | "transfer";
                            subject: string;
                            /** @description The plain-text part, made from the same template. */
                            text: string;
                            to: string;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/{id}/notes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a staff note */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                        text: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/{id}/notes/{noteId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edit a staff note */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                    noteId: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                        text: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a staff note */
        delete: {
            parameters: {
                query?: {
                    revision?: number | null;
                };
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                    noteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/{id}/pause/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause production and e-mail the customer the message */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @default  */
                        message?: string;
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/{id}/reminder/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the customer a reminder */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @default  */
                        message?: string;
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/{id}/summary/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The work-order summary: customer, organization, fabrics with yardage, cost */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            additional_notes: string;
                            cost: {
                                fabric: number | null;
                                labor: number | null;
                                paid: number;
                                remaining: number | null;
                                shipping: number;
                                subtotal: number | null;
                                tax: number | null;
                                total: number | null;
                            };
                            customer: {
                                email: string;
                                name: string;
                                phone: string;
                                user_id: string;
                            } | null;
                            due: string | null;
                            fabrics: {
                                [key: string]: unknown;
                            }[];
                            id: string;
                            name: string;
                            /** @description "#1042", or "Ref. fd31a7ee" for an older project without a number. */
                            order_label: string;
                            /** @description The short order number (#1042); null for projects created before numbers existed (decision 0315). */
                            order_number: number | null;
                            organization: {
                                id: string;
                                name: string;
                            } | null;
                            /** @enum {string} */
                            production_state: "N" | "CIP" | "CC" | "S" | "I" | "R";
                            production_time: number;
                            readiness: string;
                            revision: number;
                            shipping_notes: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                            total_quantity: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/projects/{id}/unpause/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume production and e-mail the customer the message */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @default  */
                        message?: string;
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/transfer/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Transfer a project to the user with this e-mail; answers the message to show */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        project_id: string;
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/users/{id}/erase/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Erase a user's personal data: their key is destroyed; money, dates, states and the audit trail stay */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-Sent Events: which of the read models the caller may read changed, after the projection committed (resumable by Last-Event-ID) */
        get: {
            parameters: {
                query?: {
                    /** @description Resume after this change position, for clients that cannot send the Last-Event-ID header */
                    last_event_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description `text/event-stream`: `ready`, `change`, `reset` and `closed` messages, heartbeat comments */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description This session or this process holds as many live streams as it may. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description This process does not push live changes. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The active banner notifications */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                attributes: {
                                    Active: boolean;
                                    Message: string;
                                };
                                id: string | number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password-reset/confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the token from the e-mailed link */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        password: string;
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password-reset/reset_password/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a password reset link */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Products, types (styles by type) and categories */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            categories: {
                                [key: string]: unknown;
                            }[];
                            products: {
                                [key: string]: unknown;
                            }[];
                            types: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile-completion/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check a profile-completion link; answers the e-mail it was sent to (the token stays unused) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile-completion/{token}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Complete a guest registration: name and password; logs the user in. When the address already has an account, the guest's project joins it instead (no name or password needed; log in to see it) */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        name?: string;
                        password?: string;
                        phone?: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's projects (and their organizations'), in the customer ordering of SPEC §4 */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 100) */
                    limit?: number;
                    /** @description Case-insensitive substring of the name, or an order number ("#1042" or "1042") */
                    name?: string;
                    /** @description Rows to skip */
                    offset?: number | null;
                    state?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            approved: string | null;
                            created: string;
                            due: string | null;
                            id: string;
                            name: string;
                            /** @description "#1042", or "Ref. fd31a7ee" for an older project without a number. */
                            order_label: string;
                            /** @description The short order number (#1042); null for projects created before numbers existed (decision 0315). */
                            order_number: number | null;
                            organization_id: string | null;
                            paid: string | null;
                            /** @enum {string} */
                            production_state: "N" | "CIP" | "CC" | "S" | "I" | "R";
                            readiness: string;
                            /** @enum {string} */
                            state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                            submitted: string | null;
                            total: number | null;
                            total_quantity: number;
                            updated: string;
                            user: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a project (for the caller, or for one of their organizations) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        additional_notes?: string;
                        category?: string;
                        /** @description Id of a project to copy (SPEC §5 copy rule); the draft fields are then ignored */
                        copy_from?: string;
                        /** @default [] */
                        fabrics?: {
                            arrived?: boolean;
                            description?: string;
                            id: string;
                            items: {
                                contrast_welt?: number | null;
                                description?: string;
                                dimensions?: {
                                    channelWidth?: number | null;
                                    height?: number | null;
                                    length?: number | null;
                                    width?: number | null;
                                };
                                has_upholstery?: boolean | null;
                                images?: (string | null)[];
                                include_cleats?: boolean;
                                include_tiebacks?: boolean;
                                include_velcro?: boolean;
                                /** @enum {string|null} */
                                insert?: "poly" | "down" | "ql_down" | "outdoor" | "foam" | "dw_foam" | "none" | null;
                                name?: string;
                                piping?: number | null;
                                product_id: number;
                                product_style?: string | null;
                                /** @enum {string|null} */
                                product_trim?: "S" | "P" | "C" | null;
                                product_type?: string;
                                quantity?: number;
                                self_welt?: number | null;
                                size?: string | null;
                                source?: string;
                                trim_description?: string;
                                trim_image?: string | null;
                                unit_price?: number | null;
                                yardage?: number | null;
                            }[];
                            name?: string;
                            sku?: string;
                            source?: string;
                            unit_price?: number | null;
                            url?: string;
                        }[];
                        /** @default  */
                        name?: string;
                        notes?: {
                            payment_details?: {
                                details?: {
                                    remaining?: number;
                                };
                                partial_payment?: boolean;
                            };
                            tax_exempt?: boolean;
                        };
                        organization_id?: string | null;
                        shipping_cost?: number;
                        shipping_notes?: {
                            delivery_type?: 0 | 1 | 2 | 3;
                            shipping_address?: {
                                city?: string;
                                line1?: string;
                                postal_code?: string;
                                recipient_name?: string;
                                state?: string;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Done. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's projects, with its timeline as `events`, cost and progress */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            additional_notes: string;
                            approved: string | null;
                            category: string | null;
                            contains_upholstery: boolean;
                            cost: {
                                fabric: number | null;
                                labor: number | null;
                                paid: number;
                                remaining: number | null;
                                shipping: number;
                                subtotal: number | null;
                                tax: number | null;
                                total: number | null;
                            };
                            created: string;
                            due: string | null;
                            events: {
                                at: string;
                                detail: {
                                    [key: string]: unknown;
                                };
                                label: string;
                                step: string;
                            }[];
                            fabric_arrived: boolean;
                            fabrics: {
                                [key: string]: unknown;
                            }[];
                            has_upholstery: boolean;
                            id: string;
                            items: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            notes: {
                                [key: string]: unknown;
                            };
                            onsite_complete: boolean;
                            /** @description "#1042", or "Ref. fd31a7ee" for an older project without a number. */
                            order_label: string;
                            /** @description The short order number (#1042); null for projects created before numbers existed (decision 0315). */
                            order_number: number | null;
                            organization: string | null;
                            organization_id: string | null;
                            paid: string | null;
                            partial_payment: boolean;
                            paused: string | null;
                            /** @enum {string} */
                            production_state: "N" | "CIP" | "CC" | "S" | "I" | "R";
                            production_time: number;
                            progress: {
                                current: number | null;
                                done: boolean;
                                steps: string[];
                            };
                            project_ready: boolean;
                            readiness: string;
                            revision: number;
                            shipment: {
                                carrier: string | null;
                                tracking_number: string | null;
                                tracking_url: string | null;
                            } | null;
                            shipping_cost: number;
                            shipping_notes: {
                                [key: string]: unknown;
                            };
                            started: string | null;
                            /** @enum {string} */
                            state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                            submitted: string | null;
                            total_quantity: number;
                            unpaused: string | null;
                            updated: string;
                            user: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        /** Save the project (fields given replace the current ones); state R submits a draft for review, D withdraws it */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        additional_notes?: string;
                        category?: string | null;
                        fabrics?: {
                            arrived?: boolean;
                            description?: string;
                            id: string;
                            items: {
                                contrast_welt?: number | null;
                                description?: string;
                                dimensions?: {
                                    channelWidth?: number | null;
                                    height?: number | null;
                                    length?: number | null;
                                    width?: number | null;
                                };
                                has_upholstery?: boolean | null;
                                images?: (string | null)[];
                                include_cleats?: boolean;
                                include_tiebacks?: boolean;
                                include_velcro?: boolean;
                                /** @enum {string|null} */
                                insert?: "poly" | "down" | "ql_down" | "outdoor" | "foam" | "dw_foam" | "none" | null;
                                name?: string;
                                piping?: number | null;
                                product_id: number;
                                product_style?: string | null;
                                /** @enum {string|null} */
                                product_trim?: "S" | "P" | "C" | null;
                                product_type?: string;
                                quantity?: number;
                                self_welt?: number | null;
                                size?: string | null;
                                source?: string;
                                trim_description?: string;
                                trim_image?: string | null;
                                unit_price?: number | null;
                                yardage?: number | null;
                            }[];
                            name?: string;
                            sku?: string;
                            source?: string;
                            unit_price?: number | null;
                            url?: string;
                        }[];
                        id?: string;
                        name?: string;
                        notes?: {
                            payment_details?: {
                                details?: {
                                    remaining?: number;
                                };
                                partial_payment?: boolean;
                            };
                            tax_exempt?: boolean;
                        };
                        /** @description Stream revision the client last saw (optional optimistic lock) */
                        revision?: number;
                        shipping_cost?: number;
                        shipping_notes?: {
                            delivery_type?: 0 | 1 | 2 | 3;
                            shipping_address?: {
                                city?: string;
                                line1?: string;
                                postal_code?: string;
                                recipient_name?: string;
                                state?: string;
                            };
                        };
                        /** @enum {string} */
                        state?: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a draft (it reads as an empty draft from then on) */
        delete: {
            parameters: {
                query?: {
                    revision?: number | null;
                };
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/timeline/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer's timeline of a project: progress steps, shipment and dated steps */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            progress: {
                                current: number | null;
                                done: boolean;
                                steps: string[];
                            };
                            revision: number;
                            shipment: {
                                carrier: string | null;
                                tracking_number: string | null;
                                tracking_url: string | null;
                            } | null;
                            /** @enum {string} */
                            state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                            steps: {
                                at: string;
                                detail: {
                                    [key: string]: unknown;
                                };
                                label: string;
                                step: string;
                            }[];
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/upload/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Upload an image (JPEG, PNG or GIF, checked by content, at most 5 MB) for a fabric of a draft */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "multipart/form-data": {
                        fabric_id: string;
                        image?: unknown;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/read-models/lag/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the named read models are catching up on the event log, and by how many events */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated read-model names (projects, project_history, revenue, users, organizations, notifications); all when absent. */
                    read_models?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description True while one of them is behind the log by more than a moment (1.5 s or 100 events). */
                            catching_up: boolean;
                            /** @description The most events any of them has still to apply; 0 when not catching up. */
                            events_behind: number;
                            read_models: {
                                events_behind: number;
                                lag_ms: number;
                                name: string;
                            }[];
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Log out (ends the server session) */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Logged out. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in with e-mail and password; answers the user profile */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Wrong e-mail or password. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Too many failed attempts; try again later. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats/funnel/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Projects started in the period (days, inclusive) and how many reached each step (docs/decisions/0182) */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    product_type?: "P" | "C" | "B" | "CR" | "O" | "H" | "BQ" | "R" | "X" | "-";
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: string | null;
                            product_type: string | null;
                            steps: {
                                dropped: number | null;
                                of_previous_pct: number | null;
                                of_started_pct: number | null;
                                projects: number;
                                step: string;
                            }[];
                            to: string | null;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats/lead_times/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Days in each state and production state, draft-to-paid and paid-to-shipped, for stretches ended in the period */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    product_type?: "P" | "C" | "B" | "CR" | "O" | "H" | "BQ" | "R" | "X" | "-";
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: string | null;
                            measures: {
                                count: number;
                                max_days: number;
                                measure: string;
                                p50_days: number;
                                p90_days: number;
                            }[];
                            product_type: string | null;
                            to: string | null;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats/monthly_revenue/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Revenue of each of the last twelve months */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            month: string;
                            payments: number;
                            revenue: number;
                        }[];
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats/production_revenue/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Total, paid and remaining of the projects in each state asked for (default P,I) */
        get: {
            parameters: {
                query?: {
                    states?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            paid: number;
                            projects: number;
                            remaining: number;
                            /** @enum {string} */
                            state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                            total: number;
                        }[];
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats/products_due/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Quantities of open work by product type, soonest due first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            next_due: string | null;
                            product_type: string;
                            projects: number;
                            quantity: number;
                        }[];
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats/projects_due/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open projects by due date, with days left */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            approved: string | null;
                            created: string;
                            days_left: number | null;
                            due: string | null;
                            id: string;
                            name: string;
                            /** @description "#1042", or "Ref. fd31a7ee" for an older project without a number. */
                            order_label: string;
                            /** @description The short order number (#1042); null for projects created before numbers existed (decision 0315). */
                            order_number: number | null;
                            organization_id: string | null;
                            paid: string | null;
                            /** @enum {string} */
                            production_state: "N" | "CIP" | "CC" | "S" | "I" | "R";
                            readiness: string;
                            /** @enum {string} */
                            state: "D" | "R" | "A" | "P" | "I" | "PS" | "C" | "S" | "X";
                            submitted: string | null;
                            total: number | null;
                            total_quantity: number;
                            updated: string;
                            user: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats/rolling_revenue/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Revenue of the last `days` days */
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            days: number;
                            from: string;
                            payments: number;
                            revenue: number;
                            to: string;
                        };
                    };
                };
                /** @description Invalid parameters. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/uploads/{projectId}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An uploaded image, for the project's owner, its organization's members and staff */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    file: string;
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The image, with the type its content was checked to be. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/gif": string;
                        "image/jpeg": string;
                        "image/png": string;
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current user; the empty profile when not logged in */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                            is_designer: boolean;
                            is_staff: boolean;
                            name: string;
                            phone: string;
                            revision?: number;
                            user_hash: string;
                            user_id: string | null;
                        };
                    };
                };
            };
        };
        /** Update the current user's profile (name, phone) or password */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                    /** @description The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision` */
                    "if-match"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        current_password?: string;
                        name?: string;
                        password?: string;
                        phone?: string;
                        revision?: number;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description If-Match named a revision someone else has changed since. */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        /** Sign up; an activation e-mail follows */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        is_designer?: boolean;
                        name: string;
                        password: string;
                        phone?: string;
                    };
                };
            };
            responses: {
                /** @description Done. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/erase/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Erase my own personal data at once and end my session (refused while an order is being made) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325) */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        confirm: true;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid input; `problems` lists each field with its SPEC §5 message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Not allowed, or a missing CSRF token. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description No such item. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
                /** @description A business rule refused the change; or this Idempotency-Key was already used for a different request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/export/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything held about the current user, as a JSON file to download (Content-Disposition: attachment) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            events: {
                                [key: string]: unknown;
                            }[];
                            exported_at: string;
                            login: {
                                email: string | null;
                                has_password: boolean;
                            };
                            organizations: {
                                [key: string]: unknown;
                            }[];
                            profile: {
                                [key: string]: unknown;
                            } | null;
                            projects: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                /** @description Not logged in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            problems?: {
                                field: string;
                                message: string;
                            }[];
                            status: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
