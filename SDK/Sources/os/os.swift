// `import os` on compd: the platform's logging API, writing to compd's log.
import ScreenKit
