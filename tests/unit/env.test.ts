import path from "node:path";
import { describe, expect, test } from "vitest";
import { EnvError, parseEnv } from "~/utils/env.server";

const SECRET = "a-session-secret-with-32-characters!";

function parseError(source: Record<string, string | undefined>) {
  try {
    parseEnv(source);
  } catch (error) {
    return error;
  }
  throw new Error("parseEnv accepted an invalid environment");
}

describe("parseEnv", () => {
  test("defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.NODE_ENV).toBe("development");
    expect(env.ADMIN_EMAIL).toBe("admin@perfumeria.hn");
    expect(env.LOG_SLOW_QUERIES_MS).toBe(100);
    expect(env.googleEnabled).toBe(false);
  });

  test("backs up PostgreSQL with its tools from PG_BIN_DIR when DATABASE_URL is set", () => {
    expect(parseEnv({}).postgres).toBeNull();
    const url = "postgres://tienda:clave@db.example.com:5432/perfumeria";
    expect(parseEnv({ DATABASE_URL: url }).postgres).toEqual({ url, binDir: undefined });
    expect(parseEnv({ DATABASE_URL: url, PG_BIN_DIR: "/opt/pg16/bin" }).postgres).toEqual({
      url,
      binDir: "/opt/pg16/bin",
    });
  });

  test("coerces numbers and resolves DATA_DIR to an absolute path", () => {
    const env = parseEnv({ PORT: "8080", DATA_DIR: "tmp/store", SESSION_SECRET: SECRET });
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe(path.resolve("tmp/store"));
    expect(env.SESSION_SECRET).toBe(SECRET);
  });

  test("treats empty strings as unset", () => {
    expect(parseEnv({ PORT: "", ADMIN_EMAIL: "" }).PORT).toBe(3000);
  });

  test("PORT that is not a number names PORT", () => {
    const error = parseError({ PORT: "abc" });
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).message).toContain("PORT");
  });

  test("ADMIN_EMAIL that is not an e-mail names ADMIN_EMAIL", () => {
    const error = parseError({ ADMIN_EMAIL: "x" });
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).message).toContain("ADMIN_EMAIL");
  });

  test("a SESSION_SECRET shorter than 32 characters names SESSION_SECRET", () => {
    const error = parseError({ SESSION_SECRET: "too-short" });
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).message).toContain("SESSION_SECRET");
  });

  test("names every bad variable at once, and only those", () => {
    const error = parseError({ PORT: "70000", ADMIN_EMAIL: "x", SESSION_SECRET: SECRET });
    const message = (error as EnvError).message;
    expect(message).toContain("PORT");
    expect(message).toContain("ADMIN_EMAIL");
    expect(message).not.toContain("SESSION_SECRET");
  });

  test("googleEnabled only when both Google variables are set", () => {
    expect(parseEnv({ GOOGLE_CLIENT_ID: "id" }).googleEnabled).toBe(false);
    expect(parseEnv({ GOOGLE_CLIENT_SECRET: "secret" }).googleEnabled).toBe(false);
    expect(parseEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).googleEnabled).toBe(
      true,
    );
  });

  test("BACKUP_HOUR is an hour of the day (3 by default) or off", () => {
    expect(parseEnv({}).BACKUP_HOUR).toBe(3);
    expect(parseEnv({ BACKUP_HOUR: "0" }).BACKUP_HOUR).toBe(0);
    expect(parseEnv({ BACKUP_HOUR: "23" }).BACKUP_HOUR).toBe(23);
    expect(parseEnv({ BACKUP_HOUR: "off" }).BACKUP_HOUR).toBe("off");
    for (const bad of ["24", "-1", "2.5", "never"]) {
      expect(() => parseEnv({ BACKUP_HOUR: bad }), bad).toThrow(/BACKUP_HOUR/);
    }
  });

  test("BACKUP_S3_*: off when unset, a whole configuration or a clear error naming what is missing", () => {
    expect(parseEnv({}).offsite).toBeNull();
    const whole = {
      BACKUP_S3_BUCKET: "copias",
      BACKUP_S3_ACCESS_KEY_ID: "clave",
      BACKUP_S3_SECRET_ACCESS_KEY: "secreto",
    };
    // AWS itself: no endpoint, the default region, no prefix.
    expect(parseEnv(whole).offsite).toEqual({
      endpoint: undefined,
      region: "us-east-1",
      bucket: "copias",
      prefix: "",
      accessKeyId: "clave",
      secretAccessKey: "secreto",
    });
    expect(
      parseEnv({
        ...whole,
        BACKUP_S3_ENDPOINT: "https://s3.us-west-004.backblazeb2.com",
        BACKUP_S3_REGION: "us-west-004",
        BACKUP_S3_PREFIX: "tienda/",
      }).offsite,
    ).toMatchObject({ endpoint: "https://s3.us-west-004.backblazeb2.com", prefix: "tienda/" });

    expect(() => parseEnv({ BACKUP_S3_BUCKET: "copias" })).toThrow(
      /BACKUP_S3_ACCESS_KEY_ID: falta[\s\S]*BACKUP_S3_SECRET_ACCESS_KEY: falta/,
    );
    expect(() => parseEnv({ BACKUP_S3_ENDPOINT: "https://minio.local:9000" })).toThrow(
      /BACKUP_S3_BUCKET: falta/,
    );
    expect(() => parseEnv({ ...whole, BACKUP_S3_ENDPOINT: "minio" })).toThrow(
      /BACKUP_S3_ENDPOINT: debe ser una URL/,
    );
  });

  test("UPLOADS_S3_*: the local folder when unset, a whole bucket, or the missing variable named", () => {
    expect(parseEnv({}).uploadsBucket).toBeNull();
    const env = parseEnv({
      UPLOADS_S3_ENDPOINT: "https://s3.us-west-004.backblazeb2.com",
      UPLOADS_S3_BUCKET: "archivos",
      UPLOADS_S3_ACCESS_KEY_ID: "clave",
      UPLOADS_S3_SECRET_ACCESS_KEY: "secreto",
      UPLOADS_S3_PREFIX: "tienda/",
    });
    expect(env.uploadsBucket).toEqual({
      endpoint: "https://s3.us-west-004.backblazeb2.com",
      region: "us-east-1",
      bucket: "archivos",
      prefix: "tienda/",
      accessKeyId: "clave",
      secretAccessKey: "secreto",
    });
    // The uploads' bucket and the backups' are separate settings.
    expect(env.offsite).toBeNull();
    expect(() => parseEnv({ UPLOADS_S3_BUCKET: "archivos" })).toThrow(
      /UPLOADS_S3_ACCESS_KEY_ID: falta: los archivos subidos en un bucket[\s\S]*UPLOADS_S3_SECRET_ACCESS_KEY: falta/,
    );
    expect(() => parseEnv({ UPLOADS_S3_ENDPOINT: "https://minio.local:9000" })).toThrow(
      /UPLOADS_S3_BUCKET: falta/,
    );
  });

  test("reads e-mail from SMTP_URL with MAIL_FROM, off without them, and names what is wrong", () => {
    expect(parseEnv({}).smtp).toBeNull();
    expect(parseEnv({ PORT: "4000" }).appUrl).toBe("http://localhost:4000");
    expect(parseEnv({ APP_URL: "https://perfumeria.hn/" }).appUrl).toBe("https://perfumeria.hn");
    expect(
      parseEnv({
        SMTP_URL: "smtps://tienda:clave@smtp.example.com:465",
        MAIL_FROM: "Perfumería de Lujo <tienda@perfumeria.hn>",
      }).smtp,
    ).toEqual({
      url: "smtps://tienda:clave@smtp.example.com:465",
      from: "Perfumería de Lujo <tienda@perfumeria.hn>",
    });
    expect(() => parseEnv({ SMTP_URL: "smtp://127.0.0.1:25" })).toThrow(/MAIL_FROM: falta/);
    expect(() => parseEnv({ SMTP_URL: "https://smtp.example.com", MAIL_FROM: "a@b.hn" })).toThrow(
      /SMTP_URL: debe empezar con smtp:\/\/ o smtps:\/\//,
    );
    expect(() => parseEnv({ MAIL_FROM: "tienda" })).toThrow(/MAIL_FROM: debe ser un correo/);
    expect(() => parseEnv({ APP_URL: "ftp://perfumeria.hn" })).toThrow(/APP_URL: debe empezar/);
  });
});
