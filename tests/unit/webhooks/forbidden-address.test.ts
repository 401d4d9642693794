import { describe, expect, it } from "vitest";
import { forbiddenAddressReason } from "@/lib/webhooks/forbidden-address";

describe("forbiddenAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.255", "CGNAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fd12:3456::1", "unique-local"],
    ["fc00::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["64:ff9b::a00:1", "private"],
    ["2002:a9fe:a9fe::1", "link-local"],
    ["::127.0.0.1", "reserved"],
  ])("%s is refused (%s)", (address, reason) => {
    expect(forbiddenAddressReason(address)).toContain(reason);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2606:4700:4700::1111", "2a00:1450:4007:80c::200e", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "%s is public",
    (address) => {
      expect(forbiddenAddressReason(address)).toBeNull();
    },
  );

  it("throws on something that is not an IP address", () => {
    expect(() => forbiddenAddressReason("example.com")).toThrow();
  });
});
