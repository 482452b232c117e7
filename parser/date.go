package parser

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// SourceDateEpoch names the environment variable by which a build system
// dates what it builds (https://reproducible-builds.org/specs/source-date-epoch/):
// seconds since 1970, UTC.
const SourceDateEpoch = "SOURCE_DATE_EPOCH"

// maxDateEpoch is the last second of the year 9999: a PDF's dates have
// four digits for the year.
const maxDateEpoch = 253402300799

// bookDate returns the date of a book whose newest file was modified at
// newest: SOURCE_DATE_EPOCH when it is set, else newest, to the second and
// in UTC, so that the same files give the same date wherever they are
// built. A SOURCE_DATE_EPOCH that is not a date is an error, as the
// specification asks, rather than a date quietly taken from elsewhere.
func bookDate(newest time.Time) (time.Time, error) {
	epoch := os.Getenv(SourceDateEpoch)
	if epoch == "" {
		return newest.UTC().Truncate(time.Second), nil
	}
	seconds, err := strconv.ParseInt(epoch, 10, 64)
	if err != nil || seconds < 0 || seconds > maxDateEpoch {
		return time.Time{}, fmt.Errorf("%s=%q is not a date: give the seconds since 1970-01-01 UTC, such as %d", SourceDateEpoch, epoch, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Unix())
	}
	return time.Unix(seconds, 0).UTC(), nil
}
